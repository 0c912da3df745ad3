import Testing

@testable import JSONCore

/// `JSONWriter.compact`: the HTTP API's JSON on the wire.
@Suite struct JSONCompactTests {
  @Test(arguments: [
    ("{\"a\": [1, 2],\n \"b\": \" c \"}\n", #"{"a":[1,2],"b":" c "}"#),
    ("{\"rows\": [\n  {\"kind\": \"x\"}\n], \"next\": null}\n", #"{"rows":[{"kind":"x"}],"next":null}"#),
    (#"{"q": "say \"a, b\" \\", "t": "\t x"}"#, #"{"q":"say \"a, b\" \\","t":"\t x"}"#),
    (#"["\\", " ", "\\\" "]"#, #"["\\"," ","\\\" "]"#),
    ("\r\n\t [ ] \r\n", "[]"),
    ("", ""),
    (#"{"é 🙂": "Grüße "}"#, #"{"é 🙂":"Grüße "}"#),
  ])
  func whitespaceOutsideStringsGoes(document: String, compact: String) {
    #expect(String(decoding: JSONWriter.compact(Array(document.utf8)), as: UTF8.self) == compact)
  }

  @Test func theValueStaysTheSame() throws {
    let document = """
      {"rows": [
        {"kind": "order", "id": "o-1", "texts": {"title": "A \\"quoted\\" title", "note": null}},
        {"kind": "header", "id": "h", "texts": {}, "gallery": [{"url": "a b"}, {"url": "\\\\"}]}
      ], "next": "c:1", "n": -1.5e3, "ok": true}

      """
    let compact = JSONWriter.compact(Array(document.utf8))
    let expected =
      #"{"rows":[{"kind":"order","id":"o-1","texts":{"title":"A \"quoted\" title","note":null}},"#
      + #"{"kind":"header","id":"h","texts":{},"gallery":[{"url":"a b"},{"url":"\\"}]}],"next":"c:1","n":-1.5e3,"#
      + #""ok":true}"#
    #expect(String(decoding: compact, as: UTF8.self) == expected)
    _ = try JSONValue.parse(compact)
    #expect(JSONWriter.compact(compact) == compact, "compacting twice changes nothing")
  }
}
