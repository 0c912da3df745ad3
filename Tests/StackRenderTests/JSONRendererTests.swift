import Foundation
import JSONCore
import StackLayout
import StackRender
import Testing

@Suite("JSON renderer")
struct JSONRendererTests {
  @Test("the JSON of a feed matches its golden file", arguments: SampleFeed.allCases)
  func matchesGolden(feed: SampleFeed) {
    golden.check(JSONRenderer().render(feed.rows, width: 390), named: "\(feed.rawValue).json")
  }

  @Test("the document parses as JSON with the schema, the width and one entry per row in order")
  func parsesAsJSON() throws {
    let rows = SampleFeeds.reference()
    let text = JSONRenderer().render(rows, width: 390)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["schema"] as? String == "stackfeed.render/1")
    #expect(object["width"] as? Double == 390)
    let entries = try #require(object["rows"] as? [[String: Any]])
    #expect(entries.map { $0["kind"] as? String } == rows.map(\.kind))
    #expect(entries.map { $0["id"] as? String } == rows.map(\.id))
    #expect(
      entries.map { $0["height"] as? Double } == [56, 433.333, 229.667, 433.333, 433.333, 433.333, 433.333, 433.333])
  }

  @Test("each card is StackLayout's encoding of the row's layout, with a frame on the root")
  func embedsLayoutEncoding() throws {
    let row = SampleFeeds.row("header", "profile", SampleCards.header(headline: "HI, RUSSELL", initials: "RW"))
    let text = JSONRenderer().render([row], width: 390)
    #expect(text.hasPrefix(#"{"schema": "stackfeed.render/1", "width": 390, "rows": ["#))
    #expect(
      text.contains(
        #"{"kind": "header", "id": "profile", "height": 56, "card": "# + LayoutJSON.encode(row.layout, indent: 2)
          + "}\n]}\n"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let card = try #require((object["rows"] as? [[String: Any]])?.first?["card"] as? [String: Any])
    let frame = try #require(card["frame"] as? [String: Double])
    #expect(frame == ["x": 0, "y": 0, "width": 390, "height": 56])
  }

  @Test("the text goes out a row at a time, the same text as written whole into bytes")
  func streamsRowByRow() {
    let rows = Array(repeating: SampleFeeds.reference(), count: 30).joined()
    var pieces = Pieces()
    JSONRenderer(paging: .page(next: "n")).render(rows, width: 390, to: &pieces)
    var whole = ByteBuffer(capacity: 16)
    JSONRenderer(paging: .page(next: "n")).render(rows, width: 390, to: &whole)
    let cards = rows.map {
      #"  {"kind": "\#($0.kind)", "id": "\#($0.id)", "height": \#(LayoutJSON.number($0.height)), "card": "#
        + LayoutJSON.encode($0.layout, indent: 2) + "}"
    }
    let expected =
      #"{"schema": "stackfeed.render/1", "width": 390, "rows": [\#n"# + cards.joined(separator: ",\n")
      + #"\#n], "next": "n"}\#n"#
    #expect(pieces.texts.count == rows.count + 1)
    #expect(pieces.texts.dropFirst().dropLast().allSatisfy { $0.hasPrefix(",\n  {\"kind\": ") && $0.hasSuffix("}") })
    #expect(pieces.texts.joined() == expected)
    #expect(whole.text == expected)
  }

  /// A text output that keeps each piece it is handed.
  struct Pieces: TextOutputStream {
    var texts: [String] = []
    mutating func write(_ string: String) { texts.append(string) }
  }

  @Test("an empty feed is a document with no rows; kinds and ids are escaped")
  func writesEmptyAndEscapes() throws {
    #expect(
      JSONRenderer().render([RenderRow](), width: 320.5)
        == #"{"schema": "stackfeed.render/1", "width": 320.5, "rows": []}"# + "\n")
    let row = SampleFeeds.row("odd \"kind\"", "id\\1\n", Box().height(10), width: 100)
    let text = JSONRenderer().render([row], width: 100)
    #expect(text.contains(#"{"kind": "odd \"kind\"", "id": "id\\1\n", "height": 10, "card": {"#))
    #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
  }
}
