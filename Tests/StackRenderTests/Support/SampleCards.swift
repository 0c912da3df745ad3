import StackLayout

/// Cards shaped like the reference app's cells (reference-app.md), built with the StackLayout
/// builder. Test fixtures only: the real cards live with their plugins.
enum SampleCards {
  static let tint = Color(red: 46 / 255, green: 142 / 255, blue: 215 / 255)

  static func header(headline: String, initials: String) -> HStack {
    HStack(alignment: .center) {
      VStack {
        Text(initials, font: FontStyle(size: 15, weight: .heavy), alignment: .center, color: .white)
          .id("initialsLabel")
      }
      .square(36).background(.white(1 / 3), cornerRadius: 18).id("initialsView")
      Spacer(w: 10)
      Text(headline, font: FontStyle(size: 17, weight: .heavy)).id("headlineLabel")
      Image("search-icon", contentMode: .aspectFit).square(20).id("searchButton").action("search")
    }
    .margin(.insets(top: 20, left: 10, right: 10))
  }

  static func feedItem(title: String, subtitle: String?, tag: String?, image: String?) -> ZStack {
    ZStack {
      Image(image, contentMode: .aspectFill, cornerRadius: 12).background(.white(0.8), cornerRadius: 12)
        .id("cardImage")
      VStack {
        HStack {
          VStack {
            Text(tag ?? "", font: FontStyle(size: 11.5, weight: .bold), alignment: .center, color: .white)
              .id("tagLabel")
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
            Text(subtitle ?? "", font: FontStyle(size: 15), color: .white).hidden(subtitle == nil)
              .id("subtitleLabel")
          }
          Spacer(w: 10)
          Image("button-icon").square(50).id("button").action("open-feed-item")
        }
      }
      .margin(.all(20))
    }
    .margin(.insets(top: 20, left: 10, right: 10)).aspectRatio(0.9, priority: 999)
  }

  static func order(title: String, subtitle: String, images: [String]) -> ZStack {
    let overlay = images.count >= 4 ? "+\(images.count - 3)" : nil
    return ZStack {
      Box(background: .white, cornerRadius: 12).id("card")
      VStack(spacing: 5) {
        HStack(alignment: .center) {
          Text(title, font: FontStyle(size: 18, weight: .heavy), lines: 2).id("titleLabel")
          Image("more-icon", contentMode: .aspectFit).width(26).id("moreButton").action("order-menu")
        }
        Text(subtitle, font: FontStyle(size: 15)).id("subtitleLabel")
        Spacer(h: 3)
        Box(background: tint, cornerRadius: 3).height(6).id("statusBar")
        Spacer(h: 5)
        VStack {
          HStack(spacing: 7, distribution: .fillEqually) {
            for (index, name) in images.prefix(4).enumerated() {
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
}
