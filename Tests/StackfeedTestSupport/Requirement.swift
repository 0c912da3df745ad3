import Foundation
import Testing

/// What a test needs beyond the README's bare machine (a program, a library, PostgreSQL, a non-root user), as a
/// trait: the test runs when it is there; when it is missing the test is skipped with `note`, saying what to
/// install — unless `STACKFEED_REQUIRE_ALL_TESTS=1` (set by `.ci/run`), where a missing requirement fails the
/// test with that note, so CI never loses a test quietly because an install failed. A test of a machine
/// *without* something (`.enabled(if: !…isInstalled)`) is not a requirement: it runs in
/// scripts/check-bare-machine.sh, which hides those things.
///
///     @Test(.requires(OptionalTool.rsvgConvert.isInstalled, OptionalTool.rsvgConvert.skipNote))
///     func convertsToPNG() throws { … }
extension Trait where Self == ConditionTrait {
  /// Runs the test when `isMet`; else skips it with `note`, or fails it with `note` under
  /// `STACKFEED_REQUIRE_ALL_TESTS=1`.
  public static func requires(
    _ isMet: @autoclosure @escaping @Sendable () -> Bool, _ note: Comment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    .enabled(note, sourceLocation: sourceLocation) {
      if isMet() { return true }
      if MissingRequirement.failsTests { throw MissingRequirement(note: note) }
      return false
    }
  }
}

/// A requirement that is missing where every test must run (`STACKFEED_REQUIRE_ALL_TESTS=1`).
public struct MissingRequirement: Error, CustomStringConvertible {
  /// Whether a missing requirement fails its test rather than skipping it: `STACKFEED_REQUIRE_ALL_TESTS=1`.
  public static var failsTests: Bool {
    ProcessInfo.processInfo.environment["STACKFEED_REQUIRE_ALL_TESTS"] == "1"
  }

  /// What the test needs and how to install it.
  public let note: Comment

  /// The note, saying that every test was required to run.
  public var description: String {
    "STACKFEED_REQUIRE_ALL_TESTS=1 and this test cannot run: \(note.rawValue)"
  }
}
