// stackfeed-bench: release-build benchmarks, one subcommand per file (see BenchCommand.swift).
import Foundation

let commands: [any BenchCommand.Type] = [LayoutBench.self]

exit(BenchRunner(commands: commands).run(Array(CommandLine.arguments.dropFirst())))
