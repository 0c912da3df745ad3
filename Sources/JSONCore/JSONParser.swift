/// The strict JSON parser behind ``JSONValue/parse(_:maxNesting:)``: recursive descent over UTF-8 bytes.
struct JSONParser {
  let bytes: [UInt8]
  var index = 0
  private let maxNesting: Int

  init(_ bytes: [UInt8], maxNesting: Int) {
    self.bytes = bytes
    self.maxNesting = maxNesting
  }

  /// Objects with more members than this find duplicate keys through a set instead of a scan.
  private static let linearKeyCheckLimit = 8

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
      guard depth < maxNesting else { throw failure(.nestedTooDeep(limit: maxNesting), path: "") }
      return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["):
      guard depth < maxNesting else { throw failure(.nestedTooDeep(limit: maxNesting), path: "") }
      return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try literal(Self.trueBytes, .bool(true))
    case UInt8(ascii: "f"): return try literal(Self.falseBytes, .bool(false))
    case UInt8(ascii: "n"): return try literal(Self.nullBytes, .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected character")
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    var keys: Set<String>?
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key string") }
      let keyStart = index
      let key = try parseString()
      if keys == nil, members.count >= Self.linearKeyCheckLimit { keys = Set(members.lazy.map(\.key)) }
      let isNew = keys != nil ? keys?.insert(key).inserted == true : !members.contains { $0.key == key }
      guard isNew else { throw failure(.duplicateKey(key), at: keyStart) }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
      index += 1
      let value: JSONValue
      do {
        value = try parseValue(depth: depth)
      } catch {
        throw error.inside(".\(key)")
      }
      members.append((key, value))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input in an object") }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or '}'") }
      try skipComma()
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
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or ']'") }
      try skipComma()
    }
  }

  /// Steps over the comma at `index`; a closing bracket right after it is an error at the comma.
  private mutating func skipComma() throws(JSONSyntaxError) {
    let comma = index
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") || bytes[index] == UInt8(ascii: "}") {
      throw failure(.trailingComma, at: comma)
    }
  }

  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  private static let nullBytes = Array("null".utf8)

  private mutating func literal(_ word: [UInt8], _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    guard bytes.count - index >= word.count, bytes[index..<(index + word.count)].elementsEqual(word) else {
      throw failure("unexpected character")
    }
    index += word.count
    return value
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// An error at the current position.
  func failure(_ message: String) -> JSONSyntaxError {
    failure(.malformed(message))
  }

  /// An error at `offset` (the current position by default), with its 1-based line and byte column.
  func failure(_ reason: JSONSyntaxError.Reason, at offset: Int? = nil, path: String? = nil) -> JSONSyntaxError {
    let offset = min(offset ?? index, bytes.count)
    var line = 1
    var lineStart = 0
    for position in 0..<offset where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return JSONSyntaxError(reason: reason, offset: offset, line: line, column: offset - lineStart + 1, path: path)
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
