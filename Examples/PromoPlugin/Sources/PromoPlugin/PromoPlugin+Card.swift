import FeedPlugins
import StackLayout

extension PromoPlugin {
  /// A black banner, 60 high inside the row margins (top 20, left and right 10), with the text centred;
  /// tapping it opens the promo (`open-promo:<id>`), a button VoiceOver names by the promo's text.
  ///
  ///     Z  height 80, margin(top 20, left 10, right 10), action open-promo:<id>
  ///     ├─ promoBanner
  ///     └─ V margin(horizontal 20) { promoLabel }
  public func card(for viewModel: PromoViewModel) -> LayoutNode {
    ZStack {
      Box(background: .black, cornerRadius: 12).id("promoBanner")
      VStack {
        Text(viewModel.text, font: FontStyle(size: 17, weight: .bold), alignment: .center, color: .white)
          .id("promoLabel")
      }
      .margin(.horizontal(20))
    }
    .height(80).margin(.insets(top: 20, left: 10, right: 10)).action("open-promo:" + viewModel.id)
    .accessibility(label: viewModel.text, traits: [.button]).node
  }
}
