/// Options shared by every benchmark.
struct BenchOptions {
  /// Workload size (cards, rows, …).
  var cards = 10_000
  /// Repetitions; figures are medians.
  var reps = 7
  /// One JSON object per figure per line instead of a text table.
  var json = false

  /// Parses `--cards N` (or `--rows N`, the same size for the row benchmarks), `--reps R`, `--json`.
  init(parsing arguments: [String]) throws {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--json":
        json = true
      case "--cards", "--rows", "--reps":
        guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
          throw BenchError(code: 64, description: "\(argument) needs a positive integer")
        }
        if argument == "--reps" { reps = value } else { cards = value }
      default:
        throw BenchError(code: 64, description: "unknown option '\(argument)'")
      }
    }
  }
}
