import BuiltInPlugins
import FeedPlugins
import Foundation

/// `stackfeed-bench storage`: SQLite writes and reads through Stackfeed's own code, in process (the suite
/// times the `stackfeed seed` process against `sqlite_anchor.c`).
///
/// `storage.generate`: a fresh database migrated, then `--rows` feed items generated in one transaction
/// (`FeedItemPlugin().generate`, what `seed --generate` runs); `storage.read`: every feed item loaded back in
/// feed order through `FeedItemPlugin.loadModels`; `storage.page`: opening and migrating the database, then
/// composing one page of 20 rows from the middle of the feed (the work of `list --limit 20 --after C` minus
/// process start).
enum StorageBench: BenchCommand {
  static let name = "storage"
  static let summary = "generate N feed items, read them back, read one keyset page (in process)"

  static func run(_ options: BenchOptions) throws -> [Figure] {
    let rows = options.cards
    let scratch = BenchDatabase.folder + "/storage-\(rows).sqlite"
    var generate: [Double] = []
    var read: [Double] = []
    let context = RowContext(timeZone: TimeZone.gmt)
    for _ in 0..<options.reps {
      var failure: (any Error)?
      generate.append(
        Stopwatch.seconds {
          do { try FeedItemPlugin().generate(rows, in: try BenchDatabase.fresh(scratch)) } catch { failure = error }
        })
      if let failure { throw failure }
      let database = try BenchDatabase.open(scratch)
      var count = 0
      read.append(
        Stopwatch.seconds {
          do {
            try FeedItemPlugin().loadModels(from: database, after: nil, limit: nil, context: context) { _, item in
              count += item.title.utf8.count > 0 ? 1 : 0
            }
          } catch { failure = error }
        })
      if let failure { throw failure }
      guard count == rows else { throw BenchError(code: 70, description: "read \(count) items, wrote \(rows)") }
    }
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratch + suffix) }
    let page = try pageSeconds(rows: rows, reps: max(options.reps, 21))
    return [
      Figure(name: "storage.generate", value: Double(rows) / Stopwatch.median(generate), unit: "rows/s", cards: rows),
      Figure(name: "storage.read", value: Double(rows) / Stopwatch.median(read), unit: "rows/s", cards: rows),
      Figure(name: "storage.page", value: page * 1e6, unit: "us/page", cards: rows),
    ]
  }

  /// Median time to open the database and compose 20 rows after the middle feed item.
  static func pageSeconds(rows: Int, reps: Int) throws -> Double {
    let path = try BenchDatabase.path(rows: rows)
    let middle = rows / 2
    let cursor = FeedCursor(kind: "feed_item", key: Int64(middle), streamCount: middle, streamKey: Int64(middle))
    var times: [Double] = []
    var emitted = 0
    var failure: (any Error)?
    for _ in 0..<reps {
      times.append(
        Stopwatch.seconds {
          do {
            let database = try BenchDatabase.open(path)
            try BenchDatabase.composer(database).compose(after: cursor, limit: 20) { _ in emitted += 1 }
          } catch { failure = error }
        })
      if let failure { throw failure }
    }
    guard emitted == 20 * reps else { throw BenchError(code: 70, description: "a page had \(emitted / reps) rows") }
    return Stopwatch.median(times)
  }
}
