import BuiltInPlugins
import FeedModels
import FeedPlugins
import FeedViewModels
import Foundation
import StackLayout
import Testing

/// The card trees themselves: ids as contract.md lists them, actions on the tappable parts, the tag row
/// hidden without a tag, long titles cut at two lines, galleries of 1, 4 and 9 images.
@Suite struct CardTreeTests {
  static func ids(_ node: LayoutNode) -> Set<String> {
    node.children.reduce(into: Set(node.id.map { [$0] } ?? [])) { $0.formUnion(ids($1)) }
  }

  static func node(_ id: String, in node: LayoutNode) -> LayoutNode? {
    if node.id == id { return node }
    return node.children.lazy.compactMap { Self.node(id, in: $0) }.first
  }

  static func feedItem(title: String = "Press reset", subtitle: String? = "Sub", tag: String? = nil) -> LayoutNode {
    let item = FeedItem(id: "item-1", title: title, subtitle: subtitle, tag: tag, image: "reset")
    return FeedItemPlugin().card(for: FeedItemViewModel(item: item))
  }

  static func order(quantity: Int) -> LayoutNode {
    let product = Product(id: "p", title: "Shorts", image: "shorts")
    let order = Order(
      id: "order-1", status: "FUFILLED", orderedAt: Date(timeIntervalSince1970: 1_625_572_800),
      items: [LineItem(product: product, quantity: quantity)])
    return OrderPlugin().card(for: OrderViewModel(order: order, dates: OrderDateFormatter(timeZone: TimeZone.gmt)))
  }

  @Test func everyCardNamesItsPartsAsTheContractLists() {
    #expect(
      Self.ids(Self.feedItem(tag: "new"))
        == ["cardImage", "tagStack", "tagView", "tagLabel", "titleLabel", "subtitleLabel", "button"])
    var orderIDs: Set<String> = ["card", "titleLabel", "moreButton", "subtitleLabel", "statusBar", "gallery"]
    orderIDs.formUnion(["galleryImage0", "galleryImage1", "galleryImage2", "galleryImage3", "galleryOverlay"])
    #expect(Self.ids(Self.order(quantity: 9)) == orderIDs)
    let header = HeaderPlugin().card(
      for: HeaderViewModel(user: User(id: "default", firstName: "Russell", lastName: "Warwick")))
    #expect(Self.ids(header) == ["initialsView", "initialsLabel", "headlineLabel", "searchButton"])
    #expect(Self.node("searchButton", in: header)?.action == "search")
  }

  @Test func tappablePartsCarryTheirActions() {
    #expect(Self.node("button", in: Self.feedItem())?.action == "open-feed-item:item-1")
    #expect(Self.node("moreButton", in: Self.order(quantity: 1))?.action == "order-menu:order-1")
  }

  @Test func theTagRowIsHiddenWithoutATagAndCollapses() throws {
    let card = Self.feedItem(tag: nil)
    #expect(Self.node("tagStack", in: card)?.isHidden == true)
    let layout = LayoutEngine().layout(card, width: 390)
    #expect(layout.frame(id: "tagStack")?.height == 0)
    #expect(layout.size.height == 1300.0 / 3)
    #expect(Self.node("tagStack", in: Self.feedItem(tag: "new"))?.isHidden == false)
  }

  @Test func aLongTitleWrapsToTwoLinesAndIsCutWithAnEllipsis() throws {
    let title = String(repeating: "The future is functional ", count: 6)
    let layout = LayoutEngine().layout(Self.feedItem(title: title), width: 390)
    let index = try #require(layout.indices(ofID: "titleLabel").first)
    let lines = try #require(layout.texts[index]?.lines)
    #expect(lines.count == 2)
    #expect(lines.last?.hasSuffix("…") == true)
    #expect(layout.size.height == 1300.0 / 3)
  }

  @Test(arguments: [(1, 1, nil), (3, 3, nil), (4, 4, "+1"), (9, 4, "+6")] as [(Int, Int, String?)])
  func theGalleryShowsAtMostFourTilesAndTheOverlayOnTheFourth(quantity: Int, tiles: Int, overlay: String?) throws {
    let card = Self.order(quantity: quantity)
    let gallery = try #require(Self.node("gallery", in: card)?.children.first)
    #expect(gallery.children.count == tiles)
    #expect(gallery.distribution == .fillEqually && gallery.spacing == 7)
    let overlayText = Self.node("galleryOverlay", in: card).flatMap { node -> String? in
      if case .text(let content) = node.kind { return content.string }
      return nil
    }
    #expect(overlayText == overlay)
    let layout = LayoutEngine().layout(card, width: 390)
    let tile = (330 - Double(tiles - 1) * 7) / Double(tiles)
    let frame = try #require(layout.frame(id: "galleryImage0"))
    #expect(abs(frame.width - tile) <= 1.0 / 3 + 1e-9)
    #expect(abs(frame.height - tile / 0.85) <= 1.0 / 3 + 1e-9)
    #expect(layout.warnings.isEmpty)
  }
}
