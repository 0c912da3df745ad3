// stackfeed-bench: release-build benchmarks, one subcommand per file (see BenchCommand.swift).
import Foundation

let commands: [any BenchCommand.Type] = [
  LayoutBench.self, RelayoutBench.self, StorageBench.self, ListBench.self, FormatBench.self, RenderBench.self,
  PostgresBench.self, StoreBench.self,
]

exit(BenchRunner(commands: commands).run(Array(CommandLine.arguments.dropFirst())))
