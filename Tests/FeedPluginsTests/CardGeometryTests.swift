import FeedPlugins
import StackLayout
import Testing

/// The bundled seeds' cards at 320, 390 and 768 against issue 4's reference geometry, in row coordinates
/// (each frame plus its parents' origins). Expected values are worked out by hand from reference-app.md:
/// row heights are W / 0.9 on the @3x grid (1067/3, 1300/3, 2560/3); tiles (W − 81) / 4 wide
/// (59.75, 77.25, 171.75) and tile / 0.85 high, each edge within a pixel of the exact value.
@Suite struct CardGeometryTests {
  struct Width: Sendable, CustomTestStringConvertible {
    var width: Double
    var feedItemHeight: Double
    var tile: Double
    var testDescription: String { "W = \(width)" }
  }

  static let widths = [
    Width(width: 320, feedItemHeight: 1067.0 / 3, tile: 59.75),
    Width(width: 390, feedItemHeight: 1300.0 / 3, tile: 77.25),
    Width(width: 768, feedItemHeight: 2560.0 / 3, tile: 171.75),
  ]
  static let pixel = 1.0 / 3 + 1e-9

  @Test(arguments: widths)
  func feedItemRowsAreWidthOverPointNineWithTheImageButtonAndTagInPlace(_ w: Width) throws {
    let cards = try CardFixture.reference().cards(ofKind: "feed_item", width: w.width)
    #expect(cards.count == 6)
    for card in cards {
      #expect(abs(card.height - w.feedItemHeight) < 1e-9)
      #expect(card.frame("cardImage") == Rect(x: 10, y: 20, width: w.width - 20, height: w.feedItemHeight - 20))
      let button = try #require(card.frame("button"))
      #expect(button.size == Size(width: 50, height: 50))
      #expect(abs(button.maxX - (w.width - 30)) < 1e-9)
      #expect(card.warnings.isEmpty)
    }
    let tagged = try #require(cards.first)
    let tag = try #require(tagged.frame("tagView"))
    #expect(tag.x == 30 && tag.y == 40 && tag.height == 30)
  }

  @Test(arguments: widths)
  func orderCardSpansTheRowWithBarMenuAndFourTiles(_ w: Width) throws {
    let card = try #require(try CardFixture.reference().cards(ofKind: "order", width: w.width).first)
    let frame = try #require(card.frame("card"))
    #expect(frame.x == 10 && frame.y == 20 && frame.width == w.width - 20)
    #expect(abs(frame.maxY - card.height) < 1e-9)
    let bar = try #require(card.frame("statusBar"))
    #expect(bar.x == 30 && bar.width == w.width - 60 && bar.height == 6)
    let more = try #require(card.frame("moreButton"))
    #expect(more.width == 26 && abs(more.maxX - (w.width - 30)) < 1e-9)
    for index in 0..<4 {
      let tile = try #require(card.frame("galleryImage\(index)"))
      #expect(abs(tile.x - (30 + Double(index) * (w.tile + 7))) <= Self.pixel)
      #expect(abs(tile.width - w.tile) <= Self.pixel)
      #expect(abs(tile.height - w.tile / 0.85) <= Self.pixel)
    }
    #expect(card.frame("galleryOverlay")?.size == card.frame("galleryImage3")?.size)
    #expect(card.warnings.isEmpty)
  }

  @Test(arguments: widths)
  func headerIsFiftySixHighWithInitialsHeadlineAndSearch(_ w: Width) throws {
    let card = try #require(try CardFixture.reference().cards(ofKind: "header", width: w.width).first)
    #expect(card.height == 56)
    #expect(card.frame("initialsView") == Rect(x: 10, y: 20, width: 36, height: 36))
    #expect(card.frame("initialsLabel") == Rect(x: 10, y: 20, width: 36, height: 36))
    let search = try #require(card.frame("searchButton"))
    #expect(search.size == Size(width: 20, height: 20) && abs(search.maxX - (w.width - 10)) < 1e-9)
    #expect(search.y == 28)
    #expect(card.frame("headlineLabel")?.x == 56)
    #expect(card.warnings.isEmpty)
  }
}
