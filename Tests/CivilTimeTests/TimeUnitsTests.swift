import CivilTime
import Testing

@Suite struct TimeUnitsTests {
  @Test(
    arguments: [
      (Duration.zero, 0, 0, 0),
      (.seconds(60), 60_000, 60_000_000, 60_000_000_000),
      (.milliseconds(1_500), 1_500, 1_500_000, 1_500_000_000),
      (.microseconds(2_500), 2, 2_500, 2_500_000),
      (.nanoseconds(999_999), 0, 999, 999_999),
      (.nanoseconds(1) / 3, 0, 0, 0),
      (.milliseconds(-1_500), -1_500, -1_500_000, -1_500_000_000),
      (.microseconds(-2_500), -2, -2_500, -2_500_000),
    ] as [(Duration, Int64, Int64, Int64)])
  func durationsInWholeUnitsRoundTowardZero(
    duration: Duration, milliseconds: Int64, microseconds: Int64, nanoseconds: Int64
  ) {
    #expect(duration.wholeMilliseconds == milliseconds)
    #expect(duration.wholeMicroseconds == microseconds)
    #expect(duration.wholeNanoseconds == nanoseconds)
    #expect(abs(duration.totalSeconds - Double(nanoseconds) / 1e9) < 1e-9)
  }

  @Test(
    arguments: [
      (0.0, 0),
      (1_625_572_800.5, 1_625_572_800_500),
      (1_625_572_800.123, 1_625_572_800_123),  // 1_625_572_800_122.9998… in binary
      (1_625_572_800.0004, 1_625_572_800_000),
      (1_625_572_800.0006, 1_625_572_800_001),
      (-1.5, -1_500),
    ] as [(Double, Int64)])
  func secondsAndMillisecondsConvertBothWays(seconds: Double, milliseconds: Int64) {
    #expect(UTCMilliseconds.since1970(seconds: seconds) == milliseconds)
    #expect(abs(UTCMilliseconds.seconds(milliseconds) - seconds) < 0.001)
  }

  @Test func theWallClockIsNowInMilliseconds() {
    let before = UTCMilliseconds.now()
    let after = UTCMilliseconds.now()
    #expect(before <= after)
    #expect(before > 1_767_225_600_000)  // 2026-01-01T00:00:00Z: milliseconds, not seconds or microseconds
    #expect(before < 4_102_444_800_000)  // 2100-01-01T00:00:00Z
  }
}
