import FeedPlugins
import FeedViewModels
import StackLayout

extension FeedItemPlugin {
  /// The feed item cell: the image card with the tag chip at the top and title, subtitle and button at the
  /// bottom; the row is `width / 0.9` high at every content size (an image card keeps its shape): at the
  /// accessibility sizes the title still stops at 2 lines and the subtitle at 1, with an ellipsis, and the
  /// tag chip grows with its label (docs/LAYOUT.md, "Traits"). VoiceOver reads the card as its button, labelled
  /// with the title and subtitle (the labels themselves are hidden from it, so they are not read twice).
  ///
  ///     Z  margin(top 20, left 10, right 10), ratio 0.9 @999
  ///     ├─ cardImage
  ///     └─ V margin(all 20) { tagStack = H { tagView; Sp }; Sp; H(center) { V { title; Sp(h 6); subtitle }; Sp(w 10); button } }
  public func card(for viewModel: FeedItemViewModel) -> LayoutNode {
    ZStack {
      Image(viewModel.image, contentMode: .aspectFill, cornerRadius: 12)
        .background(CardStyle.imagePlaceholder, cornerRadius: 12).id("cardImage")
        .accessibility(label: nil, hidden: true)
      VStack {
        HStack {
          Self.tagView(viewModel.tag ?? "")
          Spacer()
        }
        .hidden(viewModel.tag == nil).id("tagStack")
        Spacer()
        HStack(alignment: .center) {
          VStack {
            Text(viewModel.title, font: FontStyle(size: 18, weight: .heavy), lines: 2, color: .white)
              .textStyle(.title2).id("titleLabel").accessibility(label: nil, hidden: true)
            Spacer(h: 6)
            Text(viewModel.subtitle ?? "", font: FontStyle(size: 15), color: .white).textStyle(.subheadline)
              .hidden(viewModel.subtitle == nil).id("subtitleLabel").accessibility(label: nil, hidden: true)
          }
          Spacer(w: 10)
          Image("button-icon").square(50).id("button").action(CardAction.openFeedItem(viewModel.id))
            .accessibility(label: CardLabels.feedItem(viewModel), traits: [.button])
        }
      }
      .margin(.all(CardStyle.contentMargin))
    }
    .margin(CardStyle.rowMargin).aspectRatio(CardStyle.feedItemRatio, priority: CardStyle.ratioPriority).node
  }

  /// `TagView`: the translucent chip, 30 high, its label inset 12 left and right.
  private static func tagView(_ tag: String) -> VStack {
    VStack {
      Text(tag, font: FontStyle(size: 11.5, weight: .bold), alignment: .center, color: .white).textStyle(.caption1)
        .id("tagLabel")
    }
    .margin(.horizontal(12)).height(30).scalesWith(.caption1).background(.white(0.15, alpha: 0.95), cornerRadius: 4).id(
      "tagView")
  }
}
