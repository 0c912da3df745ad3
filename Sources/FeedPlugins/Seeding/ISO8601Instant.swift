import Foundation

/// Parses the ISO-8601 instants of seed files: `2021-07-06T12:00:00Z`, with optional fractional seconds and
/// a `Z` or `±hh:mm` offset.
enum ISO8601Instant {
  /// The instant, or `nil` when `text` is not one.
  static func parse(_ text: String) -> Date? {
    if let date = try? Date(text, strategy: .iso8601) { return date }
    return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }
}
