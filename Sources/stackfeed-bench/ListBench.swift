import FeedPlugins
import Foundation
import StackfeedCLI

/// `stackfeed-bench list`: where the time of `stackfeed list --format json` goes, in process, over the
/// reference feed plus `--rows` generated items (the suite times the process against `sqlite3 -json`).
///
/// `list.read`: the feed items' columns read with one SQLite query (the floor); `list.compose`: every row
/// composed (read, models, view models, rows) without output; `list.json`: the whole command,
/// `Stackfeed.main` with standard output sent to `/dev/null`.
enum ListBench: BenchCommand {
  static let name = "list"
  static let summary = "list --format json split into SQLite read, composing and the whole command (in process)"

  static func run(_ options: BenchOptions) throws -> [Figure] {
    let rows = options.cards
    let path = try BenchDatabase.path(rows: rows)
    let database = try BenchDatabase.open(path)
    let total = rows + 8  // the reference feed's header, 6 items and order
    var read: [Double] = []
    var compose: [Double] = []
    var json: [Double] = []
    var failure: (any Error)?
    for _ in 0..<options.reps {
      var bytes = 0
      read.append(
        Stopwatch.seconds {
          do {
            try database.query("SELECT id, title, subtitle, tag, image FROM feed_item ORDER BY position") { row in
              bytes += try row.string(at: 0).utf8.count + (try row.optionalString(at: 2)?.utf8.count ?? 0)
            }
          } catch { failure = error }
        })
      var count = 0
      compose.append(
        Stopwatch.seconds {
          do { try BenchDatabase.composer(database).compose(after: nil, limit: nil) { _ in count += 1 } } catch {
            failure = error
          }
        })
      if let failure { throw failure }
      guard count == total else { throw BenchError(code: 70, description: "composed \(count) rows, not \(total)") }
      var code: Int32 = 0
      json.append(
        try Stopwatch.secondsDiscardingStandardOutput({
          code = Stackfeed.main(arguments: ["stackfeed", "list", "--format", "json", "--db", path], plugins: [])
        }))
      guard code == 0 else { throw BenchError(code: 70, description: "stackfeed list exited with \(code)") }
    }
    let rate = { (times: [Double], count: Int) in Double(count) / Stopwatch.median(times) }
    return [
      Figure(name: "list.read", value: rate(read, rows + 6), unit: "rows/s", cards: rows),
      Figure(name: "list.compose", value: rate(compose, total), unit: "rows/s", cards: rows),
      Figure(name: "list.json", value: rate(json, total), unit: "rows/s", cards: rows),
    ]
  }
}

extension Stopwatch {
  /// Seconds taken by `body` while the process's standard output goes to `/dev/null`.
  static func secondsDiscardingStandardOutput(_ body: () -> Void) throws -> Double {
    fflush(nil)
    let saved = dup(STDOUT_FILENO)
    let null = open("/dev/null", O_WRONLY)
    guard saved >= 0, null >= 0 else { throw BenchError(code: 70, description: "cannot redirect standard output") }
    dup2(null, STDOUT_FILENO)
    close(null)
    defer {
      dup2(saved, STDOUT_FILENO)
      close(saved)
    }
    return seconds(body)
  }
}
