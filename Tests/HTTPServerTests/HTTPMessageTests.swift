import HTTPServer
import Testing

/// Header fields looked up by name, ASCII case-insensitively, as RFC 9110 §5.1 compares field names.
@Suite struct HTTPMessageTests {
  static let request = HTTPRequest(
    method: "GET", path: "/",
    headers: [
      HTTPField("accept-encoding", "gzip"), HTTPField("Host", "a"), HTTPField("ACCEPT-ENCODING", "br;q=0.5"),
      HTTPField("Accept-Encodings", "x"), HTTPField("Accept-Encoding", nil),
    ])

  @Test(arguments: [
    ("Accept-Encoding", ["gzip", "br;q=0.5", ""]),
    ("accept-encoding", ["gzip", "br;q=0.5", ""]),
    ("Host", ["a"]),
    ("Accept-Encod", []),
    ("Missing", []),
  ])
  func everyFieldOfAName(name: String, values: [String]) {
    #expect(Self.request.headers(named: name) == values)
  }

  @Test func theFirstFieldOfAName() {
    #expect(Self.request.header("ACCEPT-encoding") == "gzip")
    #expect(Self.request.header("host") == "a")
    #expect(Self.request.header("Accept") == nil)
  }
}
