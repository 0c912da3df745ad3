import CivilTime
import PostgresCore
import SQLiteCore
import Synchronization

/// The server's metrics, shown by `GET /metrics` in the Prometheus text format (``exposition(version:)``,
/// docs/HTTP.md, "Metrics"): the answers of each route by status, their latencies and body bytes
/// (``RouteMeter``), the answer memo's hits and misses, the database errors, the connections open and the build.
///
/// ``FeedAPI`` counts every answer it makes, under its route's pattern (`/v1/orders/{id}`, never the path asked
/// for, so the routes are a fixed set; a path no route has is counted under ``otherRoute``). Counting is a few
/// relaxed atomic additions, no lock (docs/BENCHMARKS.md, "Metrics"). The connections are the HTTP server's: the
/// code that starts it hands over a way to count them (``countConnections(_:)``).
public final class Metrics: Sendable {
  /// The label of the answers to paths no route has.
  public static let otherRoute = "other"

  /// One meter per route pattern, in the order given, and last ``otherRoute``'s.
  let meters: [RouteMeter]
  /// Answers taken from the answer memo.
  private let memoHits = Atomic(0)
  /// Answers the memo did not have, made afresh.
  private let memoMisses = Atomic(0)
  /// Requests the store could not serve (``StoreUnavailable``: 503).
  private let unavailable = Atomic(0)
  /// Statements the database refused or failed (a SQLite or PostgreSQL error: 500).
  private let failed = Atomic(0)
  /// How many connections are open now, once the server is started.
  private let connections = Mutex<(@Sendable () -> Int)?>(nil)

  /// Metrics at zero for the routes of `patterns` (and ``otherRoute``).
  init(routes patterns: [String]) {
    meters = (patterns + [Self.otherRoute]).map { RouteMeter(route: $0) }
  }

  /// The index of ``otherRoute``'s meter.
  var otherMeter: Int { meters.count - 1 }

  /// Counts an answer of the route of meter `index`: its status, its latency from `start` to now and its body
  /// bytes as sent.
  func record(_ index: Int, status: Int, since start: ContinuousClock.Instant, bytes: Int) {
    let nanoseconds = Int((ContinuousClock.now - start).wholeNanoseconds)
    meters[index].record(status: status, nanoseconds: nanoseconds, bytes: bytes)
  }

  /// Counts a lookup in the answer memo: `hit` when it had the answer.
  func countMemo(hit: Bool) {
    if hit {
      memoHits.add(1, ordering: .relaxed)
    } else {
      memoMisses.add(1, ordering: .relaxed)
    }
  }

  /// Counts `error` when it is the database's: the store unavailable, or a statement that failed.
  func countDatabaseError(_ error: any Error) {
    if error is StoreUnavailable {
      unavailable.add(1, ordering: .relaxed)
    } else if error is DatabaseError || error is PostgresError {
      failed.add(1, ordering: .relaxed)
    }
  }

  /// Shows `open()`, the connections the HTTP server has open now, as `stackfeed_http_connections` from now on
  /// (`stackfeed serve` passes `HTTPServer.openConnections`). Called once the server is started; without it the
  /// gauge is not shown.
  public func countConnections(_ open: @escaping @Sendable () -> Int) {
    connections.withLock { $0 = open }
  }

  /// The counters that are not per route, as a scrape shows them.
  struct Totals {
    var memoHits: Int
    var memoMisses: Int
    var unavailable: Int
    var failed: Int
    /// The connections open, when a server counts them.
    var connections: Int?
  }

  /// The counters that are not per route, now.
  func totals() -> Totals {
    Totals(
      memoHits: memoHits.load(ordering: .relaxed), memoMisses: memoMisses.load(ordering: .relaxed),
      unavailable: unavailable.load(ordering: .relaxed), failed: failed.load(ordering: .relaxed),
      connections: connections.withLock { $0 }?())
  }
}
