import StackLayout
import StackRender
import Testing

@Suite("Terminal text renderer")
struct TextRendererTests {
  @Test("the terminal drawing of a feed matches its golden file", arguments: SampleFeed.allCases)
  func matchesGolden(feed: SampleFeed) {
    golden.check(TextRenderer().render(feed.rows, width: 390), named: "\(feed.rawValue).txt")
  }
}
