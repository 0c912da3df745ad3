import Synchronization

/// One route's counts in ``Metrics``: its answers by status, their latencies by ``LatencyBuckets`` bucket, the
/// sum of the latencies and the body bytes sent. Every count is an atomic added to with relaxed ordering, so
/// counting an answer takes no lock and a few instructions; a scrape reads them one by one (``Reading``).
final class RouteMeter: Sendable {
  /// The route's label: its pattern (`/v1/rows/{kind}/{id}`), or ``Metrics/otherRoute``.
  let route: String
  /// Answers by status: `status - 100` for 100 … 599 (a status outside them, which the API never answers, is
  /// counted as the nearest of the two).
  private let statuses: InlineArray<500, Atomic<Int>>
  /// Answers by latency bucket, not cumulative: index `i` counts the latencies of bucket `i`
  /// (``LatencyBuckets/bucket(of:)``), the last one those above every bound: ``LatencyBuckets/count`` of them.
  private let latencies: InlineArray<18, Atomic<Int>>
  /// The latencies' sum, in nanoseconds.
  private let nanoseconds = Atomic(0)
  /// The body bytes sent (after compression; none for `HEAD` and 304).
  private let bytes = Atomic(0)

  /// A meter at zero for `route`.
  init(route: String) {
    self.route = route
    statuses = InlineArray { _ in Atomic(0) }
    latencies = InlineArray { _ in Atomic(0) }
  }

  /// Counts one answer of `status`, made in `nanoseconds`, with `bytes` of body.
  func record(status: Int, nanoseconds elapsed: Int, bytes sent: Int) {
    statuses[min(max(status, 100), 599) - 100].add(1, ordering: .relaxed)
    latencies[LatencyBuckets.bucket(of: elapsed)].add(1, ordering: .relaxed)
    nanoseconds.add(elapsed, ordering: .relaxed)
    bytes.add(sent, ordering: .relaxed)
  }

  /// What a scrape shows of one route.
  struct Reading {
    /// The statuses answered at least once, in increasing order, with their counts.
    var statuses: [(status: Int, count: Int)]
    /// The cumulative bucket counts (Prometheus's `le`), one per bound and the last for `+Inf`.
    var cumulative: [Int]
    /// The latencies' sum, in seconds.
    var seconds: Double
    /// The body bytes sent.
    var bytes: Int

    /// The answers counted in the histogram: its `+Inf` bucket, so `_count` always equals it.
    var count: Int { cumulative.last ?? 0 }
  }

  /// The counts now. Each is read on its own while answers go on being counted, so the statuses may count an
  /// answer the histogram does not yet (or the other way round); the histogram's buckets and `_count` always
  /// agree, being read once.
  func read() -> Reading {
    var statuses: [(status: Int, count: Int)] = []
    for index in 0..<self.statuses.count {
      let count = self.statuses[index].load(ordering: .relaxed)
      if count > 0 { statuses.append((index + 100, count)) }
    }
    var cumulative: [Int] = []
    var total = 0
    for index in 0..<latencies.count {
      total += latencies[index].load(ordering: .relaxed)
      cumulative.append(total)
    }
    return Reading(
      statuses: statuses, cumulative: cumulative,
      seconds: Double(nanoseconds.load(ordering: .relaxed)) / 1e9, bytes: bytes.load(ordering: .relaxed))
  }
}
