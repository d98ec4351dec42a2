import Foundation
import VaultBench

exit(BenchCommandLine.main(Array(CommandLine.arguments.dropFirst())))
