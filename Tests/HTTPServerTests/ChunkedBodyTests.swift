import StackfeedTestSupport
import Testing

/// The test client's dechunker (``ChunkedBody``): whole chunks out however the bytes arrive, a clean end only at
/// the last chunk, and a malformed body an error that says what is wrong.
@Suite struct ChunkedBodyTests {
  /// A body, the pieces it arrives in, and the data and end expected.
  struct Case: CustomTestStringConvertible, Sendable {
    var body: String
    var cuts: [Int]
    var data: String
    var ended: Bool
    var testDescription: String { "\(body.debugDescription) cut at \(cuts)" }
  }

  static let wellFormed: [Case] = [
    Case(body: "5\r\nhello\r\n0\r\n\r\n", cuts: [], data: "hello", ended: true),
    Case(body: "5\r\nhello\r\n0\r\n\r\n", cuts: [1, 4, 9, 11, 14], data: "hello", ended: true),
    Case(body: "3;name=value\r\nabc\r\nA\r\n0123456789\r\n", cuts: [13], data: "abc0123456789", ended: false),
    Case(body: "a\r\n0123456789\r\n", cuts: [2, 3], data: "0123456789", ended: false),
    Case(body: "2\r\n\r\n\r\n0\r\n", cuts: [], data: "\r\n", ended: false),
  ]

  @Test(arguments: wellFormed) func wholeChunksHoweverCut(_ example: Case) throws {
    let bytes = Array(example.body.utf8)
    var body = ChunkedBody()
    var data: [UInt8] = []
    var start = 0
    for end in example.cuts + [bytes.count] {
      data += try body.append(Array(bytes[start..<end]))
      start = end
    }
    #expect(String(decoding: data, as: UTF8.self) == example.data)
    #expect(body.ended == example.ended)
  }

  static let malformed: [(body: String, error: String)] = [
    ("zz\r\nhello\r\n", "a chunk's size line is not hexadecimal: \"zz\""),
    ("\r\n", "a chunk's size line is not hexadecimal: \"\""),
    ("-1\r\nx\r\n", "a chunk's size line is not hexadecimal: \"-1\""),
    ("3\r\nabcd\r\n", "a chunk of 3 bytes is not followed by CRLF"),
    ("0\r\nExpires: never\r\n\r\n", "trailer fields after the last chunk"),
    ("0\r\n\r\nmore", "4 bytes after the chunked body's last chunk"),
  ]

  @Test(arguments: malformed) func malformedBodiesThrow(_ example: (body: String, error: String)) {
    var body = ChunkedBody()
    let error = #expect(throws: HTTPClientError.self) { _ = try body.append(Array(example.body.utf8)) }
    #expect(error?.text == example.error)
  }
}
