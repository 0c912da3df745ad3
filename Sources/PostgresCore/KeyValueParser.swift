/// Parses a libpq key=value connection string: `keyword = value` pairs separated by spaces, a value either bare or
/// in single quotes, with `\'` and `\\` escapes in both
/// (<https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-KEYWORD-VALUE>). Errors name
/// the keyword, never a value.
struct KeyValueParser {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func parse() throws(PostgresError) -> [ConnectionTarget.Parameter] {
    var parameters: [ConnectionTarget.Parameter] = []
    while true {
      skipSpaces()
      guard position < bytes.count else { break }
      let keywordStart = position
      while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: "=") { position += 1 }
      let keyword = String(decoding: bytes[keywordStart..<position], as: UTF8.self)
      skipSpaces()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
        // The word is not echoed: it may be a password typed in the wrong place.
        let after = parameters.last.map { " after \"\($0.keyword)\"" } ?? ""
        throw failure(
          "a word\(after) is not followed by \"=\" (give keyword=value pairs, or a postgres:// URL)", parameters)
      }
      position += 1
      skipSpaces()
      let value = try readValue(after: keyword, parameters)
      parameters.append(.init(keyword: keyword, value: value))
    }
    guard !parameters.isEmpty else {
      throw PostgresError(
        kind: .badConnectionString, message: "bad PostgreSQL connection string: it is empty (give a postgres:// URL)")
    }
    return parameters
  }

  private mutating func readValue(
    after keyword: String, _ parameters: [ConnectionTarget.Parameter]
  ) throws(PostgresError) -> String {
    var value: [UInt8] = []
    let quoted = position < bytes.count && bytes[position] == UInt8(ascii: "'")
    if quoted { position += 1 }
    while position < bytes.count {
      let byte = bytes[position]
      if quoted ? byte == UInt8(ascii: "'") : isSpace(byte) { break }
      if byte == UInt8(ascii: "\\"), position + 1 < bytes.count { position += 1 }
      value.append(bytes[position])
      position += 1
    }
    if quoted {
      guard position < bytes.count else {
        throw failure("the value of \"\(keyword)\" lacks its closing quote", parameters)
      }
      position += 1
    }
    guard let text = String(validating: value, as: UTF8.self), !value.contains(0) else {
      throw failure("the value of \"\(keyword)\" is not UTF-8 text without NUL", parameters)
    }
    return text
  }

  private mutating func skipSpaces() {
    while position < bytes.count, isSpace(bytes[position]) { position += 1 }
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  private func failure(_ reason: String, _ parameters: [ConnectionTarget.Parameter]) -> PostgresError {
    let host = parameters.last { $0.keyword == "host" }.map { " for host \($0.value)" } ?? ""
    return PostgresError(kind: .badConnectionString, message: "bad PostgreSQL connection string\(host): \(reason)")
  }
}
