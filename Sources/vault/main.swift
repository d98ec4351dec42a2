import Foundation
import VaultCLI

let outcome = CLI.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
    workingDirectory: FileManager.default.currentDirectoryPath, stdoutIsTerminal: isatty(1) == 1,
    stderrIsTerminal: isatty(2) == 1, stdinIsTerminal: isatty(0) == 1,
    readInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) })
FileHandle.standardOutput.write(Data(outcome.output))
FileHandle.standardError.write(Data(outcome.errors))
exit(outcome.status)
