import FeedModels
import FeedPlugins
import StackLayout

extension ProductPlugin {
  /// The product cell, in the order card's style: a white card with the product's picture as a gallery tile (77 pt
  /// wide, the tiles' 0.85 ratio) and its title beside it, up to 2 lines. VoiceOver reads the title; the picture
  /// says nothing more and is hidden from it.
  ///
  ///     Z  margin(top 20, left 10, right 10)
  ///     ├─ card
  ///     └─ H(center) spacing 15, margin(all 20) { productImage; titleLabel }
  public func card(for viewModel: Product) -> LayoutNode {
    ZStack {
      Box(background: CardStyle.cardBackground, cornerRadius: 12).id("card")
      HStack(spacing: 15, alignment: .center) {
        Image(viewModel.image, contentMode: .aspectFill, cornerRadius: 5).width(Self.imageWidth)
          .aspectRatio(CardStyle.galleryTileRatio).background(CardStyle.imagePlaceholder, cornerRadius: 5)
          .id("productImage").accessibility(label: nil, hidden: true)
        Text(viewModel.title, font: FontStyle(size: 18, weight: .heavy), lines: 2, color: CardStyle.label)
          .textStyle(.title2).id("titleLabel").accessibility(label: viewModel.title, traits: [.staticText])
      }
      .margin(.all(CardStyle.contentMargin))
    }
    .margin(CardStyle.rowMargin).node
  }

  /// The picture's width: an order's gallery tile's at the standard width.
  static let imageWidth = 77.0
}
