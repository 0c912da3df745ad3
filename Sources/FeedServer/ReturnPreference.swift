import HTTPServer

/// What a write's client prefers to get back (RFC 7240 §4.2, `Prefer: return=minimal | representation`):
/// `minimal` answers the write's status and `Location` without the row, so the row's card is neither composed
/// nor laid out, and says so with `Preference-Applied: return=minimal`. Every `Prefer` field counts, joined as one
/// list; names and values are compared without case, a preference's parameters after `;` are ignored, and of two
/// `return` preferences the first counts (§2). Without one the answer carries the row, as before.
///
///     ReturnPreference(request) == .minimal
enum ReturnPreference: Equatable {
  /// The row as `GET /v1/rows` shows it (the default).
  case representation
  /// No body.
  case minimal

  /// The header that says the preference was honoured.
  static let applied = HTTPField("Preference-Applied", "return=minimal")

  /// The preference of `request`'s `Prefer` fields, read as bytes (as Characters it was some 50,000 instructions
  /// a write).
  init(_ request: HTTPRequest) {
    for field in request.headers(named: "Prefer") {
      for preference in field.utf8.split(separator: UInt8(ascii: ",")) {
        // Tokens hold no whitespace: it is dropped from the name and the value, around them and `=`.
        let pair = preference.prefix { $0 != UInt8(ascii: ";") }.split(separator: UInt8(ascii: "="), maxSplits: 1)
        guard pair.count == 2, Self.word(pair[0], is: "return") else { continue }
        self = Self.word(pair[1], is: "minimal") || Self.word(pair[1], is: "\"minimal\"") ? .minimal : .representation
        return
      }
    }
    self = .representation
  }

  /// Whether `bytes`, without their whitespace, are `word` but for the case of letters.
  private static func word(_ bytes: Substring.UTF8View.SubSequence, is word: String) -> Bool {
    HTTPField.equalIgnoringCase(bytes.lazy.filter { $0 != 0x20 && $0 != 0x09 }, word.utf8)
  }
}
