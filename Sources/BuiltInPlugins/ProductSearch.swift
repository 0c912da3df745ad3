/// How product titles are searched, the same on SQLite and PostgreSQL: a title is folded once, in Swift, when it is
/// written (``fold(_:)``, stored in `product.search`), and each database indexes that column with its own full-text
/// index — SQLite FTS5 (`product_search`, tokenizer `ascii`), PostgreSQL a `tsvector` (`to_tsvector('simple', …)`,
/// GIN). The folded text is words of ASCII letters and digits separated by one space, so both engines cut it into
/// the same tokens whatever their tokenizer, configuration or locale, and a query's words, folded the same way, match
/// the same titles on both: every word a prefix of a word of the title.
///
/// Folding, rather than the engines' own (FTS5's `remove_diacritics`, PostgreSQL's `unaccent`): the two disagree
/// (`ß`, `æ`, `ø`, ligatures), and PostgreSQL's parser reads letters beyond ASCII by the database's locale. One
/// Swift function makes the results byte-identical on both.
///
///     ProductSearch.fold("Lúcia's Apex HOODIE")   // "lucia s apex hoodie"
///     ProductSearch.fold("Straße Ærø")            // "strasse aero"
///     ProductSearch.fold("Москва")                // "x00043cx00043ex000441x00043ax000432x000430"
public enum ProductSearch {
  /// The most words a query may have.
  public static let maximumTerms = 8

  /// `text` lower-cased, diacritics removed, as words of ASCII letters and digits separated by one space:
  /// - ASCII letters and digits are kept, lower-cased;
  /// - a Latin letter with marks becomes its base letter(s) (`ú` → `u`, `ß` → `ss`, `Æ` → `ae`, `ø` → `o`, `þ` → `th`),
  ///   read from its Unicode name; a combining mark is dropped (`u` + U+0301 → `u`);
  /// - a decimal digit of another script becomes its ASCII digit;
  /// - any other letter (Greek, Cyrillic, CJK, …) is kept as `x` and six hex digits of its lower-case form, so that it
  ///   can be searched, by prefix, as any other letter (a 120-character title stays under PostgreSQL's 2,047-byte
  ///   word limit);
  /// - everything else separates words.
  public static func fold(_ text: String) -> String {
    var folded = ""
    folded.reserveCapacity(text.utf8.count)
    var inWord = false
    for scalar in text.unicodeScalars {
      if let letters = letters(scalar) {
        if !inWord && !folded.isEmpty { folded.append(" ") }
        folded += letters
        inWord = true
      } else if !isMark(scalar) {
        inWord = false
      }
    }
    return folded
  }

  /// The query's words, folded as titles are (``fold(_:)``); empty when it has no letter or digit.
  public static func terms(_ query: String) -> [String] {
    fold(query).split(separator: " ").map(String.init)
  }

  /// What `scalar` folds to when it is a letter or a digit; `nil` otherwise.
  private static func letters(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x30...0x39, 0x61...0x7A: return String(Character(scalar))
    case 0x41...0x5A: return String(Character(Unicode.Scalar(UInt8(scalar.value + 0x20))))
    case 0...0x7F: return nil
    default: break
    }
    let properties = scalar.properties
    if properties.numericType == .decimal, let value = properties.numericValue {
      return String(Int(value))
    }
    guard properties.isAlphabetic else { return nil }
    if let latin = latinBase(properties.name ?? "") { return latin }
    var encoded = ""
    for lower in properties.lowercaseMapping.unicodeScalars {
      let hex = String(lower.value, radix: 16)
      encoded += "x" + String(repeating: "0", count: 6 - hex.count) + hex
    }
    return encoded
  }

  /// The ASCII letters of a Latin letter named `name` (`LATIN SMALL LETTER U WITH ACUTE` → `u`), `nil` for any other.
  private static func latinBase(_ name: String) -> String? {
    var rest = Substring(name)
    if rest.hasPrefix("FULLWIDTH ") { rest = rest.dropFirst("FULLWIDTH ".count) }
    guard let prefix = latinPrefixes.first(where: rest.hasPrefix) else { return nil }
    rest = rest.dropFirst(prefix.count)
    if let with = rest.firstRange(of: " WITH ") { rest = rest[..<with.lowerBound] }
    if let special = latinNames[String(rest)] { return special }
    guard (1...2).contains(rest.count), rest.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
    return rest.lowercased()
  }

  private static let latinPrefixes = [
    "LATIN SMALL LETTER ", "LATIN CAPITAL LETTER ", "LATIN SMALL LIGATURE ", "LATIN CAPITAL LIGATURE ",
    "LATIN LETTER SMALL CAPITAL ",
  ]

  /// Latin letters whose name is not their base letter.
  private static let latinNames = [
    "SHARP S": "ss", "THORN": "th", "ETH": "d", "DOTLESS I": "i", "DOTLESS J": "j", "LONG S": "s", "ENG": "ng",
    "KRA": "q",
  ]

  /// Whether `scalar` is a combining mark: it belongs to the letter before it and is dropped.
  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }
}
