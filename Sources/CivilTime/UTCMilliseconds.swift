#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Instants as the store keeps them — whole milliseconds since 1970-01-01T00:00:00Z (UTC) in an `Int64` (orders'
/// `ordered_at`, tokens' creation, last use and revocation, idempotency keys) — and the one place that converts
/// them: from the wall clock, and to and from the seconds of Foundation's `Date` (this module does not import
/// Foundation).
///
///     UTCMilliseconds.since1970(seconds: 1_625_572_800.5)   // 1_625_572_800_500
///     Date(timeIntervalSince1970: UTCMilliseconds.seconds(1_625_572_800_500))
public enum UTCMilliseconds {
  /// The system's wall clock now (`CLOCK_REALTIME`), toward the past.
  public static func now() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  /// The instant `seconds` after 1970 (`Date.timeIntervalSince1970`), to the nearest millisecond (so that a
  /// written `.123` that reads back as `.12299999…` stays 123).
  public static func since1970(seconds: Double) -> Int64 {
    Int64((seconds * 1000).rounded())
  }

  /// The seconds since 1970 of `milliseconds` (what `Date(timeIntervalSince1970:)` takes).
  public static func seconds(_ milliseconds: Int64) -> Double {
    Double(milliseconds) / 1000
  }
}
