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

  /// The preference of `request`'s `Prefer` fields.
  init(_ request: HTTPRequest) {
    let preferences = request.headers(named: "Prefer").joined(separator: ",").split(separator: ",")
    let returning = preferences.lazy.compactMap { preference -> String? in
      // Tokens hold no whitespace: removing it removes only the optional whitespace around them and `=`.
      let pair = (preference.split(separator: ";").first ?? "").split(separator: "=", maxSplits: 1)
        .map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
      return pair.count == 2 && pair[0] == "return" ? pair[1] : nil
    }.first
    self = returning == "minimal" || returning == "\"minimal\"" ? .minimal : .representation
  }
}
