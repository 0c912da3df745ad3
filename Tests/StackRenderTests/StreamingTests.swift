import StackLayout
import StackRender
import Testing

/// Records what was written, so that a row sequence can see how much output came before it.
final class WriteLog: TextOutputStream {
  var text = ""
  func write(_ string: String) { text += string }
}

/// A stream that appends to a shared log (a `TextOutputStream` passed `inout` must be a value).
struct LogStream: TextOutputStream {
  let log: WriteLog
  mutating func write(_ string: String) { log.write(string) }
}

@Suite("Streaming")
struct StreamingTests {
  static let streaming: [(String, any RowRenderer)] = [
    ("json", JSONRenderer()), ("html", HTMLRenderer()), ("text", TextRenderer()),
  ]

  @Test("streaming renderers write each row before asking for the next", arguments: streaming.map(\.0))
  func writesRowByRow(format: String) throws {
    let renderer = try #require(Self.streaming.first { $0.0 == format }?.1)
    let log = WriteLog()
    var seenBeforeRow: [Bool] = []
    let rows = (0..<3).lazy.map { index -> RenderRow in
      seenBeforeRow.append(index == 0 || log.text.contains("row-\(index - 1)"))
      return SampleFeeds.row("item", "row-\(index)", Text("TEXT \(index)"), width: 200)
    }
    var stream = LogStream(log: log)
    try renderer.render(rows, width: 200, to: &stream)
    #expect(seenBeforeRow == [true, true, true])
    #expect(log.text.contains("row-2"))
  }
}
