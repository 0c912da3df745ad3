import StackLayout
import Testing

@testable import StackRender

/// The SVG body moves to a temporary file past `spillSize` bytes (issue 6: memory stays flat as the feed
/// grows); the picture must come out the same, byte for byte.
@Suite("SVG spill")
struct SVGSpillTests {
  @Test("a body spilled after every row, or after a few, gives the same picture", arguments: [1, 3_000])
  func spillingKeepsThePictureIdentical(spillSize: Int) {
    let rows = (0..<40).map { index in
      SampleFeeds.row("item", "row-\(index) é🙂", Text("TEXT \(index) ünïcødé 🙂"), width: 200)
    }
    let whole = SVGRenderer().render(rows, width: 200)
    var spilling = SVGRenderer()
    spilling.spillSize = spillSize
    #expect(whole.utf8.count > 3 * 3_000)
    #expect(spilling.render(rows, width: 200) == whole)
  }
}
