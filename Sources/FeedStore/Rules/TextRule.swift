import JSONCore

/// What a text field may hold: its syntax and its length, counted in characters as JSON Schema's `maxLength`
/// counts them (Unicode scalars). Checked the same way for seed files and request bodies, and written into
/// docs/openapi.json's request schemas as `minLength`, `maxLength` and `pattern` (``pattern``).
///
///     TextRule(maximumLength: 120).problem(with: "   ")   // "must not be blank"
///     TextRule.identifier.problem(with: "a/b")             // "must not contain …"
public struct TextRule: Sendable, Hashable {
  /// What a text is made of.
  public enum Syntax: Sendable, Hashable {
    /// Free text: no control characters, and at least one character that is not a space.
    case text
    /// An id: no control characters, spaces or `/` (an id is a segment of the API's paths, which are matched
    /// decoded), and no `.` first (so never `.` or `..`).
    case identifier
  }

  /// The longest text accepted, in characters (Unicode scalars).
  public let maximumLength: Int
  /// The syntax.
  public let syntax: Syntax

  /// A rule for texts of `syntax`, 1 to `maximumLength` characters.
  public init(maximumLength: Int, syntax: Syntax = .text) {
    self.maximumLength = maximumLength
    self.syntax = syntax
  }

  /// The rule of ids: 1 to 256 characters (at most 1,024 bytes of UTF-8, which a unique index holds on both
  /// backends), of ``Syntax/identifier``.
  public static let identifier = TextRule(maximumLength: 256, syntax: .identifier)

  /// What is wrong with `text` by this rule, or `nil`.
  public func problem(with text: String) -> String? {
    let scalars = text.unicodeScalars
    guard !scalars.isEmpty else { return "must not be empty" }
    let length = scalars.count
    guard length <= maximumLength else {
      return "too long: \(length) characters (at most \(maximumLength))"
    }
    if let control = scalars.first(where: Self.isControl) {
      return "must not contain the control character \(Self.codePoint(control))"
    }
    switch syntax {
    case .text:
      guard scalars.contains(where: { !Self.isSpace($0) }) else { return "must not be blank" }
    case .identifier:
      if let space = scalars.first(where: Self.isSpace) {
        return "must not contain the space \(Self.codePoint(space)) (an id has none)"
      }
      if scalars.contains("/") { return "must not contain \"/\" (an id is one segment of a path)" }
      if scalars.first == "." { return "must not start with \".\"" }
    }
    return nil
  }

  /// The ECMA-262 (and Python `re`) regular expression of this rule's syntax, for JSON Schema's `pattern`:
  /// the same sets of characters as ``problem(with:)`` checks.
  public var pattern: String {
    let controls = Self.ranges(Self.controls)
    let spaces = Self.ranges(Self.controls + Self.spaces)
    switch syntax {
    case .text: return "^[^\(controls)]*[^\(spaces)][^\(controls)]*$"
    case .identifier: return "^[^\(spaces)/.][^\(spaces)/]*$"
    }
  }

  /// The control characters (Unicode's `Cc`).
  private static let controls: [ClosedRange<UInt32>] = [0x00...0x1F, 0x7F...0x9F]
  /// The spaces (ECMA-262's `WhiteSpace` and `LineTerminator` that are not controls): a text of only these is blank.
  private static let spaces: [ClosedRange<UInt32>] = [
    0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
    0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
  ]

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    controls.contains { $0.contains(scalar.value) }
  }

  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    spaces.contains { $0.contains(scalar.value) } || isControl(scalar)
  }

  /// `ranges` as the inside of a character class: `\u0000-\u001f\u007f-\u009f`.
  private static func ranges(_ ranges: [ClosedRange<UInt32>]) -> String {
    ranges.map { range in
      range.count == 1 ? escape(range.lowerBound) : escape(range.lowerBound) + "-" + escape(range.upperBound)
    }.joined()
  }

  /// `\u001f`: a scalar escaped for a regular expression.
  private static func escape(_ value: UInt32) -> String {
    var text = ByteBuffer(capacity: 6)
    text.append(literal: "\\u")
    text.append(hex: UInt64(value), digits: 4)
    return text.text
  }

  /// `U+0009`.
  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    var text = ByteBuffer(capacity: 8)
    text.append(hex: UInt64(scalar.value), digits: max(4, (32 - scalar.value.leadingZeroBitCount + 3) / 4))
    return "U+" + text.text.uppercased()
  }
}
