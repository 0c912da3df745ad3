extension OptionSource {
  /// Takes the option `time-zone`, the IANA name of the zone dates are shown in; `nil` when absent. The name is
  /// looked up where the zone database is known (``UnknownTimeZone`` when it has no such zone).
  public mutating func timeZoneName() throws(Failure) -> String? {
    try value(of: "time-zone")
  }
}

/// A time zone name the time zone database does not have.
public struct UnknownTimeZone: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name asked for.
  public var name: String

  /// The error for `name`.
  public init(name: String) {
    self.name = name
  }

  /// `unknown time zone "Mars/Olympus" (expected an IANA name such as Europe/Paris)`.
  public var description: String {
    "unknown time zone \"\(name)\" (expected an IANA name such as Europe/Paris)"
  }
}
