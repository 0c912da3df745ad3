import Testing

@testable import JSONCore

/// The one JSON parser: strict RFC 8259, errors with a reason and where.
@Suite struct JSONParserTests {
  static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONValue.parse(Array(text.utf8))
  }

  /// A readable form of a value, to compare in tables.
  static func render(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .integer(let number): "int(\(number))"
    case .number(let number): "num(\(number))"
    case .string(let text): "str(\(text))"
    case .array(let elements): "[" + elements.map(render).joined(separator: ",") + "]"
    case .object(let members): "{" + members.map { "\($0.key)=\(render($0.value))" }.joined(separator: ",") + "}"
    }
  }

  @Test(arguments: [
    ("0", "int(0)"), ("-0", "int(0)"), ("2", "int(2)"), ("2.0", "int(2)"), ("2e0", "int(2)"), ("100e-2", "int(1)"),
    ("9223372036854775807", "int(9223372036854775807)"), ("-9223372036854775808", "int(-9223372036854775808)"),
    ("9223372036854775808", "num(9.223372036854776e+18)"), ("1.5", "num(1.5)"), ("-2.5E-3", "num(-0.0025)"),
    ("1e400", "num(inf)"), ("true", "true"), ("false", "false"), ("null", "null"),
    (#""a\"b\\c\/d\b\f\n\r\t""#, "str(a\"b\\c/d\u{8}\u{C}\n\r\t)"), (#""\u00e9\u0041""#, "str(éA)"),
    (#""\ud83d\ude42 é""#, "str(🙂 é)"), ("\u{FEFF}[1]", "[int(1)]"), (" \n\t[ ] ", "[]"), ("{}", "{}"),
    (#"{"b": [1, {"c": null}], "a": "x"}"#, "{b=[int(1),{c=null}],a=str(x)}"),
  ])
  func validTextsParse(text: String, expected: String) throws {
    #expect(Self.render(try Self.parse(text)) == expected)
  }

  /// (text, reason, line, column): columns are 1-based and count bytes.
  static let errors: [(String, JSONSyntaxError.Reason, Int, Int)] = [
    ("[1,]", .trailingComma, 1, 3),
    ("{\"a\": 1 ,\n }", .trailingComma, 1, 9),
    ("[[], [],\n  ]", .trailingComma, 1, 8),
    (#"{"a": 1, "a": 2}"#, .duplicateKey("a"), 1, 10),
    (#"{"a": 1, "\u0061": 2}"#, .duplicateKey("a"), 1, 10),
    (
      #"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k3":3}"#,
      .duplicateKey("k3"), 1, 72
    ),
    ("", .malformed("unexpected end of input"), 1, 1),
    ("[1 2]", .malformed("expected ',' or ']'"), 1, 4),
    ("{\"a\" 1}", .malformed("expected ':'"), 1, 6),
    ("{1: 2}", .malformed("expected a key string"), 1, 2),
    ("[01]", .malformed("invalid number: leading zero"), 1, 4),
    ("[1.]", .malformed("invalid number: digits expected after '.'"), 1, 4),
    ("[1e]", .malformed("invalid number: digits expected in the exponent"), 1, 4),
    ("[-]", .malformed("invalid number"), 1, 3),
    ("[NaN]", .malformed("unexpected character"), 1, 2),
    ("[tru]", .malformed("unexpected character"), 1, 2),
    ("\"a\nb\"", .malformed("control character in a string"), 1, 3),
    ("\"abc", .malformed("unterminated string"), 1, 5),
    (#""\x""#, .malformed("invalid escape in a string"), 1, 4),
    (#""\u12g4""#, .malformed(#"invalid \u escape"#), 1, 4),
    (#""ok \ud83d alone""#, .malformed(#"invalid \u escape: a lone surrogate"#), 1, 5),
    (#""\ude42""#, .malformed(#"invalid \u escape: a lone surrogate"#), 1, 2),
    ("1 2", .malformed("unexpected text after the JSON value"), 1, 3),
  ]

  @Test(arguments: errors)
  func malformedTextsAreRefusedSayingWhereAndWhy(text: String, reason: JSONSyntaxError.Reason, line: Int, column: Int) {
    let error = #expect(throws: JSONSyntaxError.self) { try Self.parse(text) }
    #expect(error?.reason == reason)
    #expect(error.map { [$0.line, $0.column] } == [line, column], "\(String(describing: error))")
  }

  @Test func invalidUTF8IsRefusedWhereItsStringRunStarts() {
    for bytes: [UInt8] in [[0x22, 0x61, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22]] {
      let error = #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(bytes) }
      #expect(error?.reason == .malformed("invalid UTF-8 in a string"))
      #expect(error?.column == 2)
    }
  }

  @Test func nestingBeyondTheLimitNamesThePath() {
    let text = String(repeating: #"{"a": ["#, count: 3) + "1" + String(repeating: "]}", count: 3)
    #expect(throws: Never.self) { try JSONValue.parse(Array(text.utf8), maxNesting: 6) }
    let error = #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Array(text.utf8), maxNesting: 5) }
    #expect(error?.reason == .nestedTooDeep(limit: 5))
    #expect(error?.path == ".a[0].a[0].a")
    #expect(error?.message == "JSON nested deeper than 5 levels")
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Array(deep.utf8)) }
  }

  @Test func aLargeObjectFindsItsDuplicateWithoutScanningEveryKey() throws {
    let members = (0..<20_000).map { #""key\#($0)": \#($0)"# }
    let object = "{" + members.joined(separator: ", ") + "}"
    guard case .object(let parsed) = try Self.parse(object) else {
      Issue.record("not an object")
      return
    }
    #expect(parsed.count == 20_000 && parsed.last?.key == "key19999")
    let duplicated = "{" + (members + [#""key7": 0"#]).joined(separator: ", ") + "}"
    #expect(throws: JSONSyntaxError.self) { try Self.parse(duplicated) }
  }

  @Test func messagesReadAsDocumented() {
    let error = JSONSyntaxError(reason: .duplicateKey("type"), offset: 16, line: 1, column: 17)
    #expect(error.description == #"line 1, column 17: duplicate key "type""#)
    #expect(
      JSONSyntaxError(reason: .trailingComma, offset: 0, line: 2, column: 3).message
        == "a comma before a closing bracket")
  }
}
