import Foundation
import StackLayout
import StackRender
import StackfeedTestSupport
import Testing

@Suite("HTML renderer")
struct HTMLRendererTests {
  @Test("the HTML of a feed matches its golden file and is well-formed XML", arguments: SampleFeed.allCases)
  func matchesGolden(feed: SampleFeed) {
    let html = HTMLRenderer().render(feed.rows, width: 390)
    #expect(XMLCheck.error(in: html) == nil)
    golden.check(html, named: "\(feed.rawValue).html")
  }
}
