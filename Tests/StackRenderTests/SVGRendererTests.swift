import Foundation
import StackLayout
import StackRender
import StackfeedTestSupport
import Testing

@Suite("SVG renderer")
struct SVGRendererTests {
  @Test("the SVG of a feed matches its golden file and is well-formed XML", arguments: SampleFeed.allCases)
  func matchesGolden(feed: SampleFeed) throws {
    let svg = try SVGRenderer().render(feed.rows, width: 390)
    #expect(XMLCheck.error(in: svg) == nil)
    golden.check(svg, named: "\(feed.rawValue).svg")
  }
}
