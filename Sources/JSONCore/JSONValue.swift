/// A parsed JSON value (RFC 8259). Objects keep their members in document order; a key appears at most once
/// (the parser refuses a key given twice).
///
///     let value = try JSONValue.parse(Array(#"{"quantity": 2, "price": 1.5}"#.utf8))
///     // .object([("quantity", .integer(2)), ("price", .number(1.5))])
public enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number whose value is a whole number that fits in 64 bits: `2`, `-7`, but also `2.0` and `2e0`.
  case integer(Int64)
  /// Any other number (values beyond `Double`'s range are ±infinity).
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object: its members in document order.
  case object([(key: String, value: JSONValue)])

  /// The value of a number, integer or not; `nil` for anything else.
  public var double: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }

  /// The JSON type, as error messages name it: `null`, `a boolean`, `a number` (integers included),
  /// `a string`, `an array`, `an object`.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// Parses one JSON text (a value, whitespace around it, an optional UTF-8 byte order mark).
  ///
  /// Strict: a comma before a closing bracket, a key given twice in one object, invalid UTF-8, control
  /// characters in strings and anything after the value are errors. Containers nested deeper than
  /// `maxNesting` are refused (so hostile input cannot exhaust the stack); the error then carries the path
  /// to the value that went too deep.
  public static func parse(_ bytes: [UInt8], maxNesting: Int = 512) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes, maxNesting: maxNesting)
    return try parser.parseDocument()
  }
}
