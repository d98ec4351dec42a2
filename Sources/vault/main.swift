import Foundation
import VaultCLI

let outcome = CLI.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
    workingDirectory: FileManager.default.currentDirectoryPath, terminal: .process())
FileHandle.standardOutput.write(Data(outcome.output))
FileHandle.standardError.write(Data(outcome.errors))
exit(outcome.status)
