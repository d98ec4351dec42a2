import Glibc
import VaultCLI
import VaultSystem

let outcome = CLI.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
    workingDirectory: WorkingDirectory.current() ?? "", terminal: .process())
_ = ProcessStreams.writeAll(outcome.output, to: 1)
_ = ProcessStreams.writeAll(outcome.errors, to: 2)
exit(outcome.status)
