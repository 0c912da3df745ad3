import Foundation
import PostgresCore
import SQLCore

/// `stackfeed-bench postgres`: PostgresCore alone against a server, the in-process twin of
/// `scripts/postgres_anchor.c` (raw libpq): the same table, the same phases, so the two pair up.
///
/// `postgres.insert`: `--rows` feed-item-shaped rows inserted in one transaction through one cached prepared
/// statement (`Statement.execute`, one round trip per row); `postgres.page.first` / `postgres.page.middle`: a
/// 20-row keyset page (`WHERE position > $1 ORDER BY position LIMIT 20`) read through `queryAll`, median µs;
/// `postgres.stream`: every row read through `query` (single-row mode), every column decoded; `postgres.rss`:
/// the process's peak RSS at the end (rows stream, so it does not grow with `--rows`: compare two sizes). The server is the one
/// `$STACKFEED_POSTGRES_URL` names; the table `feed_bench` is dropped and created there.
///
///     STACKFEED_POSTGRES_URL=postgres://stackfeed@127.0.0.1:5432/bench \
///       .build/release/stackfeed-bench postgres --rows 1000000 --reps 5
enum PostgresBench: BenchCommand {
  static let name = "postgres"
  static let summary = "PostgresCore: insert N rows, keyset pages, stream them all ($STACKFEED_POSTGRES_URL)"

  static func run(_ options: BenchOptions) throws -> [Figure] {
    guard let url = ProcessInfo.processInfo.environment["STACKFEED_POSTGRES_URL"] else {
      throw BenchError(code: 64, description: "set STACKFEED_POSTGRES_URL to a database this benchmark may write")
    }
    let rows = options.cards
    let db = try Connection(url)
    var insert: [Double] = []
    var firstPage: [Double] = []
    var middlePage: [Double] = []
    var stream: [Double] = []
    for _ in 0..<options.reps {
      insert.append(try fill(db, rows: rows))
      for _ in 0..<21 {
        firstPage.append(try seconds { try page(db, after: -1, rows: rows) })
        middlePage.append(try seconds { try page(db, after: Int64(rows / 2), rows: rows) })
      }
      stream.append(try seconds { try readAll(db, rows: rows) })
    }
    return [
      Figure(name: "postgres.insert", samples: insert.map { Double(rows) / $0 }, unit: "rows/s", cards: rows),
      Figure(name: "postgres.page.first", samples: firstPage.map { $0 * 1e6 }, unit: "us/page", cards: rows),
      Figure(name: "postgres.page.middle", samples: middlePage.map { $0 * 1e6 }, unit: "us/page", cards: rows),
      Figure(name: "postgres.stream", samples: stream.map { Double(rows) / $0 }, unit: "rows/s", cards: rows),
      Figure(name: "postgres.rss", value: Double(peakResidentKilobytes()), unit: "KB peak", cards: rows),
    ]
  }

  /// Drops, creates and fills `feed_bench` with `rows` rows in one transaction; returns the seconds of that
  /// transaction (`BEGIN` to `COMMIT`, what the anchor times).
  private static func fill(_ db: Connection, rows: Int) throws -> Double {
    try db.executeScript(
      """
      DROP TABLE IF EXISTS feed_bench;
      CREATE TABLE feed_bench (id text PRIMARY KEY, title text NOT NULL, subtitle text NOT NULL, tag text,
        image text NOT NULL, position bigint NOT NULL);
      CREATE INDEX feed_bench_position ON feed_bench (position)
      """)
    let insert = try db.prepare(
      "INSERT INTO feed_bench (id, title, subtitle, tag, image, position) VALUES ($1, $2, $3, $4, $5, $6)")
    let elapsed = try seconds {
      try db.write {
        for index in 0..<rows {
          try insert.run([
            .text(String(format: "%08x-0000-4000-8000-%012x", index, index * 7919)), .text("Card title \(index)"),
            .text("Subtitle for card \(index), one line of secondary text"),
            index % 3 == 0 ? .null : .text("tag\(index % 7)"), .text(String(format: "images/%08x.jpg", index)),
            .integer(Int64(index)),
          ])
        }
      }
    }
    try db.executeScript("ANALYZE feed_bench")
    return elapsed
  }

  private static func page(_ db: Connection, after: Int64, rows: Int) throws {
    let page = try db.queryAll(
      "SELECT id, title, subtitle, tag, image, position FROM feed_bench WHERE position > $1 ORDER BY position "
        + "LIMIT 20", [.integer(after)]
    ) { row in
      (try row.string(at: 0), try row.string(at: 1), try row.optionalString(at: 3), try row.int64(at: 5))
    }
    guard page.count == min(20, rows - Int(after) - 1), page.first?.3 == after + 1 else {
      throw BenchError(code: 70, description: "the page after \(after) is wrong")
    }
  }

  private static func readAll(_ db: Connection, rows: Int) throws {
    var count = 0
    var positions: Int64 = 0
    var bytes = 0
    try db.query("SELECT id, title, subtitle, tag, image, position FROM feed_bench ORDER BY position") { row in
      bytes += try row.string(at: 0).utf8.count + row.string(at: 1).utf8.count + row.string(at: 2).utf8.count
      bytes += try (row.optionalString(at: 3)?.utf8.count ?? 0) + row.string(at: 4).utf8.count
      positions += try row.int64(at: 5)
      count += 1
    }
    guard count == rows, positions == Int64(rows) * Int64(rows - 1) / 2, bytes > 0 else {
      throw BenchError(code: 70, description: "read back \(count) rows, wrote \(rows)")
    }
  }

  private static func seconds(_ body: () throws -> Void) throws -> Double {
    var failure: (any Error)?
    let elapsed = Stopwatch.seconds {
      do { try body() } catch { failure = error }
    }
    if let failure { throw failure }
    return elapsed
  }

  /// This process's peak resident set so far (`getrusage`), in kilobytes.
  private static func peakResidentKilobytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
  }
}
