import Foundation
import Testing

@testable import StackfeedCLI

/// `Stackfeed.processEnvironment()` reads `environ` through raw pointers (kept because it pays, docs/BENCHMARKS.md
/// "Unsafe code, measured"): its edges against Foundation's reading of the same environment.
@Suite struct ProcessEnvironmentTests {
  /// Values with `=` in them (only the first `=` ends the name), empty values, non-ASCII and long values.
  static let values: [(name: String, value: String)] = [
    ("STACKFEED_ENV_TEST_EQUALS", "a=b=c"), ("STACKFEED_ENV_TEST_EMPTY", ""),
    ("STACKFEED_ENV_TEST_UTF8", "grüße ✓ 😀"), ("STACKFEED_ENV_TEST_LONG", String(repeating: "x", count: 10_000)),
    ("STACKFEED_ENV_TEST_LEADING_EQUALS", "=value"),
  ]

  @Test func everyVariableReadsAsFoundationReadsIt() {
    for (name, value) in Self.values { setenv(name, value, 1) }
    let environment = Stackfeed.processEnvironment()
    for (name, value) in Self.values {
      #expect(environment[name] == value, "\(name)")
    }
    let foundation = ProcessInfo.processInfo.environment
    for (name, value) in foundation where name.hasPrefix("STACKFEED_ENV_TEST_") || name == "PATH" {
      #expect(environment[name] == value, "\(name)")
    }
  }
}
