import FeedPlugins
import FeedViewModels
import StackLayout

extension OrderPlugin {
  /// The order cell: a white card with the status title and menu button, the date, the tint status bar and
  /// the gallery of up to 4 tiles (the 4th with its `+N` overlay). VoiceOver reads the status as the card's
  /// heading, the date, the menu button "More" and the `+N` tile as "N more items".
  ///
  ///     Z  margin(top 20, left 10, right 10)
  ///     ├─ card
  ///     └─ V spacing 5, margin(all 20) { H(center) { title; moreButton }; subtitle; Sp(h 3); statusBar; Sp(h 5); gallery }
  public func card(for viewModel: OrderViewModel) -> LayoutNode {
    ZStack {
      Box(background: CardStyle.cardBackground, cornerRadius: 12).id("card")
      VStack(spacing: 5) {
        HStack(alignment: .center) {
          Text(viewModel.title, font: FontStyle(size: 18, weight: .heavy), lines: 2, color: CardStyle.label)
            .textStyle(.title2).accessibilityLines(0).id("titleLabel")
            .accessibility(label: viewModel.title, traits: [.header])
          Image("more-icon", contentMode: .aspectFit).tint(CardStyle.label).width(26).intrinsicSize(
            height: Self.moreIconHeight
          )
          .id("moreButton").action(CardAction.orderMenu(viewModel.id))
          .accessibility(label: CardLabels.more, hint: CardLabels.moreHint, traits: [.button])
        }
        Text(viewModel.subtitle, font: FontStyle(size: 15), color: CardStyle.label).textStyle(.subheadline)
          .accessibilityLines(0).id("subtitleLabel").accessibility(label: viewModel.subtitle, traits: [.staticText])
        Spacer(h: 3)
        Box(background: CardStyle.tint, cornerRadius: 3).height(6).id("statusBar")
        Spacer(h: 5)
        VStack {
          HStack(spacing: 7, distribution: .fillEqually) {
            for (index, image) in viewModel.gallery.enumerated() {
              Self.galleryTile(image, index: index)
            }
          }
        }
        .hidden(viewModel.gallery.isEmpty).id("gallery")
      }
      .margin(.all(CardStyle.contentMargin))
    }
    .margin(CardStyle.rowMargin).node
  }

  /// The height of the `more-icon` asset (a 16 × 4 pt PDF): the button's intrinsic height.
  static let moreIconHeight = 4.0

  /// `OrderGalleryImageView`: the product image, and over it the `+N` chip when there is one.
  private static func galleryTile(_ image: GalleryImage, index: Int) -> ZStack {
    ZStack {
      Image(image.image, contentMode: .aspectFill, cornerRadius: 5)
      if let overlay = image.overlay {
        Text(overlay, font: FontStyle(size: 18, weight: .semibold), alignment: .center, color: .white)
          .textStyle(.title3).background(.black.withAlpha(0.8), cornerRadius: 5).id("galleryOverlay")
          .accessibility(label: image.moreCount.map(CardLabels.moreItems), traits: [.staticText])
      }
    }
    .aspectRatio(CardStyle.galleryTileRatio, priority: CardStyle.ratioPriority).id("galleryImage\(index)")
  }
}
