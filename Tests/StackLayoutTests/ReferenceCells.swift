import StackLayout

/// The three cells of reference-app.md, written with the builder (test copies; the real cards live
/// in FeedPlugins).
enum ReferenceCells {
  static let tint = Color(hex: "#2E8ED7") ?? .black

  static func feedItem(title: String, subtitle: String?, tag: String?, image: String?) -> ZStack {
    ZStack {
      Image(image, contentMode: .aspectFill, cornerRadius: 12).background(.white(0.8), cornerRadius: 12).id("cardImage")
      VStack {
        HStack {
          VStack {
            Text(tag ?? "", font: FontStyle(size: 11.5, weight: .bold), alignment: .center, color: .white).id(
              "tagLabel")
          }
          .margin(.horizontal(12)).height(30).background(.white(0.15, alpha: 0.95), cornerRadius: 4).id("tagView")
          Spacer()
        }
        .hidden(tag == nil).id("tagStack")
        Spacer()
        HStack(alignment: .center) {
          VStack {
            Text(title, font: FontStyle(size: 18, weight: .heavy), lines: 2, color: .white).id("titleLabel")
            Spacer(h: 6)
            Text(subtitle ?? "", font: FontStyle(size: 15), color: .white).hidden(subtitle == nil).id("subtitleLabel")
          }
          Spacer(w: 10)
          Image("button-icon").square(50).id("button").action("open")
        }
      }
      .margin(.all(20))
    }
    .margin(.insets(top: 20, left: 10, right: 10)).aspectRatio(0.9, priority: 999)
  }

  static func order(title: String, subtitle: String, gallery: [String], overlay: String?) -> ZStack {
    ZStack {
      Box(background: .white, cornerRadius: 12).id("card")
      VStack(spacing: 5) {
        HStack(alignment: .center) {
          Text(title, font: FontStyle(size: 18, weight: .heavy), lines: 2).id("titleLabel")
          Image("more-icon", contentMode: .aspectFit).width(26).intrinsicSize(height: 4).id("moreButton")
        }
        Text(subtitle, font: FontStyle(size: 15)).id("subtitleLabel")
        Spacer(h: 3)
        Box(background: tint, cornerRadius: 3).height(6).id("statusBar")
        Spacer(h: 5)
        VStack {
          HStack(spacing: 7, distribution: .fillEqually) {
            for (index, name) in gallery.prefix(4).enumerated() {
              ZStack {
                Image(name, contentMode: .aspectFill, cornerRadius: 5)
                if index == 3, let overlay {
                  Text(overlay, font: FontStyle(size: 18, weight: .semibold), alignment: .center, color: .white)
                    .background(.black.withAlpha(0.8), cornerRadius: 5).id("galleryOverlay")
                }
              }
              .aspectRatio(0.85, priority: 999).id("galleryImage\(index)")
            }
          }
        }
        .id("gallery")
      }
      .margin(.all(20))
    }
    .margin(.insets(top: 20, left: 10, right: 10))
  }

  static func header(headline: String, initials: String) -> HStack {
    HStack(alignment: .center) {
      VStack {
        Text(initials, font: FontStyle(size: 15, weight: .heavy), alignment: .center, color: .white).id("initialsLabel")
      }
      .square(36).background(.white(0.33), cornerRadius: 18).id("initialsView")
      Spacer(w: 10).id("initialsGap")
      Text(headline, font: FontStyle(size: 17, weight: .heavy)).id("headlineLabel")
      Image("search-icon", contentMode: .aspectFit).square(20).id("searchButton")
    }
    .margin(.insets(top: 20, left: 10, right: 10))
  }
}
