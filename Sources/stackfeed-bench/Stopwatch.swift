import CivilTime

/// Times closures with the monotonic clock; figures are medians over repetitions.
enum Stopwatch {
  /// Seconds taken by `body`.
  static func seconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    return clock.measure(body).totalSeconds
  }

  /// Median of `values` (the mean of the middle two for an even count).
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
