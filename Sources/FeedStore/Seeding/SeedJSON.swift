import JSONCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Seed files through the package's one JSON parser (`JSONCore`), with errors in the seed format's words.
enum SeedJSON {
  /// Parses the bytes of `file`, or throws a ``SeedError`` naming the file and the line and column (in
  /// bytes) where the JSON broke: `feed_items.json: malformed JSON (unexpected character) at line 2,
  /// column 11`. Strict: a comma before a closing bracket, a key given twice in one object (keys compared
  /// after their escapes are decoded), invalid UTF-8 and lone surrogates are refused too.
  static func parse(_ data: Data, file: String) throws(SeedError) -> JSONValue {
    do {
      return try JSONValue.parse(Array(data))
    } catch {
      let place = "at line \(error.line), column \(error.column)"
      switch error.reason {
      case .duplicateKey(let key):
        throw SeedError(file: file, problem: "the key \"\(key)\" is given twice in one object \(place)")
      default:
        throw SeedError(file: file, problem: "malformed JSON (\(error.message)) \(place)")
      }
    }
  }
}

extension JSONValue {
  /// The JSON type's name, as seed errors say it: `a string`, `an integer`, `a number`, `null`…
  /// (integers are told apart from other numbers, unlike ``typeName``).
  public var typeDescription: String {
    if case .integer = self { return "an integer" }
    return typeName
  }

  /// The type, with the value for numbers: `the number 1.5`, `7`, `a string`.
  var summary: String {
    switch self {
    case .number(let number): return "the number \(number)"
    case .integer(let number): return "\(number)"
    default: return typeDescription
    }
  }
}
