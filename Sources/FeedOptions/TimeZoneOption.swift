extension OptionSource {
  /// Takes the option `time-zone`, the IANA name of the zone dates are shown in; `nil` when absent. A name
  /// spelled otherwise than the zone database spells its zones (``UnknownTimeZone/isWellFormed(_:)``:
  /// `./Europe/Paris`, `Europe//Paris`) is refused here, before anything looks it up or is keyed by it, with the
  /// words of an unknown zone; a well-formed name is looked up where the zone database is known
  /// (``UnknownTimeZone`` when it has no such zone).
  public mutating func timeZoneName() throws(Failure) -> String? {
    guard let name = try value(of: "time-zone") else { return nil }
    guard UnknownTimeZone.isWellFormed(name) else {
      throw failure(option: "time-zone", UnknownTimeZone(name: name).description)
    }
    return name
  }
}

/// A time zone name the time zone database does not have.
public struct UnknownTimeZone: Error, Sendable, Hashable, CustomStringConvertible {
  /// The longest name taken, in bytes (the database's longest is 32: `America/Argentina/ComodRivadavia`).
  public static let longestName = 64

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

  /// Whether `name` is spelled as the zone database spells its zones: at most ``longestName`` bytes, parts
  /// separated by single `/`, each part of ASCII letters, digits, `_`, `+` and `-` (`Europe/Paris`, `Etc/GMT+3`,
  /// `America/Port-au-Prince`). So each zone has one spelling (no `.`, `..` or empty part, no leading `/`), and
  /// the names a server keeps anything for are at most the database's files.
  public static func isWellFormed(_ name: String) -> Bool {
    let bytes = name.utf8
    guard !bytes.isEmpty, bytes.count <= longestName, bytes.first != slash, bytes.last != slash else { return false }
    var previous = slash
    for byte in bytes {
      guard isNameByte(byte) || (byte == slash && previous != slash) else { return false }
      previous = byte
    }
    return true
  }

  private static let slash = UInt8(ascii: "/")

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
      true
    default: false
    }
  }
}
