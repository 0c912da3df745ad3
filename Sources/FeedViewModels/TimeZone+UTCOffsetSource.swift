import CivilTime

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Foundation's `TimeZone` as CivilTime's zone: what an app passes to ``OrderDateFormatter`` (and to a
/// `RowContext`).
///
///     OrderDateFormatter(timeZone: TimeZone.current)
extension TimeZone: UTCOffsetSource {
  /// Seconds east of UTC in force at `instant` (whole seconds since 1970-01-01T00:00:00Z).
  public func secondsFromUTC(at instant: Int64) -> Int {
    secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
  }
}
