/// The bounds of the latency histogram (`stackfeed_http_request_duration_seconds`): from 50 µs (a remembered
/// page is answered in tens of microseconds) to 10 s (a request waits up to 5 s for a database connection).
enum LatencyBuckets {
  /// The upper bounds in seconds, as the `le` labels write them.
  static let labels = [
    "0.00005", "0.0001", "0.00025", "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25",
    "0.5", "1", "2.5", "5", "10",
  ]
  /// The upper bounds in nanoseconds.
  static let bounds: [Int] = [
    50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 25_000_000, 50_000_000,
    100_000_000, 250_000_000, 500_000_000, 1_000_000_000, 2_500_000_000, 5_000_000_000, 10_000_000_000,
  ]
  /// The buckets: one per bound and the last for latencies above them all (`le="+Inf"`); ``RouteMeter`` holds
  /// this many counts (its `InlineArray`'s size is this number written out, checked by a test).
  static let count = bounds.count + 1

  /// The bucket of a latency of `nanoseconds`: the first whose bound it does not exceed (Prometheus's `le`).
  static func bucket(of nanoseconds: Int) -> Int {
    bounds.firstIndex { nanoseconds <= $0 } ?? bounds.count
  }
}
