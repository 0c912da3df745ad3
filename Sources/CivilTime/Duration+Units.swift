/// A `Duration` in the units the package counts in: the one place that reads a duration's components.
///
///     Duration.milliseconds(1_500).wholeMilliseconds   // 1500
///     Duration.microseconds(2_500).wholeMilliseconds   // 2 (toward zero)
extension Duration {
  /// The seconds, fraction included (a benchmark's figure).
  @inlinable public var totalSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// The whole milliseconds, toward zero.
  @inlinable public var wholeMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }

  /// The whole microseconds, toward zero.
  @inlinable public var wholeMicroseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }

  /// The whole nanoseconds, toward zero.
  @inlinable public var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
