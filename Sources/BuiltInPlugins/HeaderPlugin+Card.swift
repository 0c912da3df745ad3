import FeedPlugins
import FeedViewModels
import StackLayout

extension HeaderPlugin {
  /// The header cell: the initials circle, the greeting and the search button on one centred line, 56 high.
  /// VoiceOver reads the greeting as a heading and the magnifier as the button "Search".
  ///
  ///     H  margin(top 20, left 10, right 10), alignment center
  ///     ├─ initialsView 36×36 { V { initialsLabel } }
  ///     ├─ Sp(w 10)
  ///     ├─ headlineLabel
  ///     └─ searchButton 20×20
  public func card(for viewModel: HeaderViewModel) -> LayoutNode {
    HStack(alignment: .center) {
      VStack {
        Text(viewModel.initials, font: FontStyle(size: 15, weight: .heavy), alignment: .center, color: .white)
          .textStyle(.subheadline).id("initialsLabel")
      }
      .square(36).scalesWith(.subheadline).background(CardStyle.darkGray, cornerRadius: 18).id("initialsView")
      Spacer(w: 10)
      Text(viewModel.headline, font: FontStyle(size: 17, weight: .heavy), color: CardStyle.label)
        .textStyle(.headline).accessibilityLines(0).id("headlineLabel")
        .accessibility(label: viewModel.headline, traits: [.header])
      Image("search-icon", contentMode: .aspectFit).tint(CardStyle.label).square(20).id("searchButton").action(
        CardAction.search
      )
      .accessibility(label: CardLabels.search, traits: [.button])
    }
    .margin(CardStyle.rowMargin).node
  }
}
