import Foundation

/// What ``waitUntil(seconds:_:)`` throws when its condition did not come true in time.
public struct WaitedTooLong: Error, CustomStringConvertible {
  /// How long it waited.
  public let seconds: Double
  /// What waited too long, in words.
  public var description: String { "the condition did not hold within \(seconds) s" }
}

/// Looks at `condition` every 5 ms until it holds; ``WaitedTooLong`` after `seconds`. For what a server does on
/// its own time (notices a file moved away within its look-up interval), never as a fixed sleep.
public func waitUntil(seconds: Double = 10, _ condition: () throws -> Bool) throws {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while try !condition() {
    guard ContinuousClock.now < deadline else { throw WaitedTooLong(seconds: seconds) }
    Thread.sleep(forTimeInterval: 0.005)
  }
}
