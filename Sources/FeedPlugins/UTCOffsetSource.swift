#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The time zone of a ``RowContext``: a name and the offset from UTC in force at an instant, all that dates in
/// rows need.
///
/// Foundation's `TimeZone` is one (what an app or a test passes); the `stackfeed` command passes its own reader
/// of the system's time zone database (`ZoneInfo`), because on Linux `TimeZone(identifier:)` loads ICU.
public protocol UTCOffsetSource: Sendable {
  /// The zone's name, e.g. `Europe/Paris`.
  var identifier: String { get }
  /// Seconds east of UTC in force at `date` (daylight saving time included).
  func secondsFromGMT(for date: Date) -> Int
}

extension TimeZone: UTCOffsetSource {}
