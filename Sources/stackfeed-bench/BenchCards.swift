import StackLayout

/// The two cards of `../shared/bench/layout_anchors.py`, written with the StackLayout builder:
/// 16 nodes each (counting the cell's contentView), text leaves with the harness's fixed sizes
/// (intrinsic size, hugging 250, compression resistance 750), so only layout is timed; or, with
/// `measured`, the same cards whose labels have no size given (the engine measures every text).
enum BenchCards {
  /// Layout width of the feed (iPhone).
  static let width = 390.0

  /// FeedItemCell: ZStack(margins 20/10/0/10, aspect w/h 0.9) { image; VStack(margin 20) { tag row;
  /// flexible spacer; bottom row (title/subtitle column, Spacer 10, 50×50 button) } }.
  static func feed(title: String, subtitle: String, tag: String, measured: Bool = false) -> LayoutNode {
    VStack {
      ZStack {
        Image("cardImage").id("cardImage")
        VStack {
          HStack {
            HStack(alignment: .center) {
              Text(tag, font: FontStyle(size: 11.5, weight: .bold)).fixed(width: 80, height: 18, unless: measured)
                .id("tagLabel")
            }
            .margin(.horizontal(12)).height(30).id("tagView")
            Spacer().id("topSpacer")
          }
          .id("topRow")
          Spacer().id("midSpacer")
          HStack(alignment: .center) {
            VStack {
              Text(title, font: FontStyle(size: 18, weight: .heavy), lines: 2)
                .fixed(width: 180, height: 22, unless: measured).id("titleLabel")
              Spacer(h: 6).id("titleGap")
              Text(subtitle, font: FontStyle(size: 15)).fixed(width: 140, height: 18, unless: measured)
                .id("subtitleLabel")
            }
            .id("textColumn")
            Spacer(w: 10).id("buttonGap")
            Image("button-icon").square(50).id("button")
          }
          .id("bottomRow")
        }
        .margin(.all(20)).id("vstack")
      }
      .margin(.insets(top: 20, left: 10, right: 10)).aspectRatio(0.9, priority: 999).id("zstack")
    }
    .id("cell").node
  }

  /// OrderCell: ZStack(margins 20/10/0/10) { card; VStack(spacing 5, margin 20) { header row; subtitle;
  /// Spacer 3; status bar 6; Spacer 5; gallery (spacing 7, fillEqually, 4 images w/h 0.85) } }.
  static func order(title: String, subtitle: String, measured: Bool = false) -> LayoutNode {
    VStack {
      ZStack {
        Image("card").id("card")
        VStack(spacing: 5) {
          HStack(alignment: .center) {
            Text(title, font: FontStyle(size: 18, weight: .heavy), lines: 2)
              .fixed(width: 200, height: 22, unless: measured).id("titleLabel")
            Image("more-icon").size(width: 26, height: 26).id("moreButton")
          }
          .id("header")
          Text(subtitle, font: FontStyle(size: 15)).fixed(width: 160, height: 18, unless: measured)
            .id("subtitleLabel")
          Spacer(h: 3).id("gap3")
          Box().height(6).id("statusBar")
          Spacer(h: 5).id("gap5")
          HStack(spacing: 7, distribution: .fillEqually) {
            for index in 0..<4 {
              Image("product\(index)").aspectRatio(0.85).id("image\(index)")
            }
          }
          .id("gallery")
        }
        .margin(.all(20)).id("vstack")
      }
      .margin(.insets(top: 20, left: 10, right: 10)).id("zstack")
    }
    .id("cell").node
  }

  /// Card `index` of the feed: feed items and orders alternate, texts from the reference seed.
  static func card(_ index: Int, title: String? = nil, measured: Bool = false) -> LayoutNode {
    let texts = RealTexts.feedItems[index / 2 % RealTexts.feedItems.count]
    if index % 2 == 0 {
      return feed(title: title ?? texts.title, subtitle: texts.subtitle, tag: "NEW RELEASES", measured: measured)
    }
    return order(title: title ?? "IT'S FUFILLED", subtitle: "Ordered on 06 Jul 21", measured: measured)
  }
}

extension Text {
  /// The harness's fixed label size, or no size (measured by the engine) when `measured`.
  fileprivate func fixed(width: Double, height: Double, unless measured: Bool) -> Text {
    measured ? self : intrinsicSize(width: width, height: height)
  }
}
