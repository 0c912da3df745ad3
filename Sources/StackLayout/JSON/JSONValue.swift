/// A parsed JSON value; objects keep their keys in document order.
enum JSONValue {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  /// The JSON type name, for error messages.
  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// A JSON text that is not well-formed, with where it went wrong.
struct JSONSyntaxError: Error {
  var line: Int
  var column: Int
  var message: String
  /// For the nesting limit only: the keys and indices leading to the value that went too deep, as
  /// `.children[0].children[3]…` (filled in while the parser unwinds, so parsing pays nothing for it).
  var path: String?
}

/// A small strict JSON parser (RFC 8259) over UTF-8 bytes, with a nesting limit so that hostile
/// input cannot exhaust the stack.
struct JSONParser {
  let bytes: [UInt8]
  var index = 0
  private let maxNesting: Int

  init(_ bytes: [UInt8], maxNesting: Int) {
    self.bytes = bytes
    self.maxNesting = maxNesting
  }

  /// Parses one JSON value followed only by whitespace.
  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    let value = try parseValue(depth: 0)
    skipWhitespace()
    guard index == bytes.count else { throw failure("unexpected text after the JSON value") }
    return value
  }

  private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw failure("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      guard depth < maxNesting else { throw nestingFailure() }
      return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["):
      guard depth < maxNesting else { throw nestingFailure() }
      return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw failure("unexpected character")
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key string") }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
      index += 1
      let value: JSONValue
      do {
        value = try parseValue(depth: depth)
      } catch {
        throw error.inside(".\(key)")
      }
      if members.contains(where: { $0.key == key }) { throw failure("duplicate key \"\(key)\"") }
      members.append((key, value))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input in an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw failure("expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      do {
        elements.append(try parseValue(depth: depth))
      } catch {
        throw error.inside("[\(elements.count)]")
      }
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input in an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw failure("expected ',' or ']'")
      }
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    let utf8 = Array(word.utf8)
    guard bytes.count - index >= utf8.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else {
      throw failure("unexpected character")
    }
    index += utf8.count
    return value
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private func nestingFailure() -> JSONSyntaxError {
    var error = failure("JSON nested deeper than \(maxNesting) levels")
    error.path = ""
    return error
  }

  /// An error at the current position (1-based line and column, in bytes).
  func failure(_ message: String) -> JSONSyntaxError {
    var line = 1
    var lineStart = 0
    for position in 0..<min(index, bytes.count) where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return JSONSyntaxError(line: line, column: index - lineStart + 1, message: message)
  }
}

extension JSONSyntaxError {
  /// This error seen from the enclosing container: `component` prepended to a nesting error's path.
  fileprivate func inside(_ component: String) -> JSONSyntaxError {
    guard let path else { return self }
    var error = self
    error.path = component + path
    return error
  }
}
