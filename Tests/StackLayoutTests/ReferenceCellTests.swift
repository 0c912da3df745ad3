import StackLayout
import Testing

/// The reference cells at 320, 390 and 768 against reference-app.md / layout-spec A.5, with the
/// fake measurer (18 pt: 9 per character, line 22.5 → 22.667 on the @3x grid; 15 pt: line 19).
struct ReferenceCellTests {
  static let widths: [Double] = [320, 390, 768]

  static func snap(_ value: Double) -> Double { (value * 3).rounded() / 3 }

  /// Row W / 0.9; card (10, 20, W − 20, H − 20); button at x W − 80, centred in a row of height
  /// R = 70 at 320 (title on two lines: 45 + 6 + 19), else 50 (the button).
  @Test(arguments: widths)
  func feedItemRowIsWidthOverPointNine(width: Double) {
    let cell = ReferenceCells.feedItem(
      title: "THE FUTURE IS FUNCTIONAL", subtitle: "Get after your goals in new Apex", tag: "NEW RELEASES",
      image: "functional-male")
    let result = lay(cell, width: width, scale: 3)
    let height = Self.snap(width / 0.9)
    let row = width == 320 ? 70.0 : 50
    #expect(abs(result.size.height - height) < 1e-9)
    #expect(close(result.absoluteFrame(id: "cardImage"), rect(10, 20, width - 20, height - 20)))
    #expect(close(result.absoluteFrame(id: "tagView"), rect(30, 40, 69 + 24, 30)))
    #expect(close(result.absoluteFrame(id: "button"), rect(width - 80, height - 20 - row + (row - 50) / 2, 50, 50)))
    let title = result.absoluteFrame(id: "titleLabel")
    #expect(title?.x == 30)
    #expect(title?.width == width - 120)
    #expect(abs((title?.height ?? 0) - (width == 320 ? 45 : 68.0 / 3)) < 1e-9)
    #expect(result.warnings.isEmpty)
  }

  /// Without a tag the tag stack collapses and the flexible spacer takes its 30 points.
  @Test func feedItemWithoutTagKeepsItsHeight() {
    let cell = ReferenceCells.feedItem(title: "PRESS RESET", subtitle: nil, tag: nil, image: "reset")
    let result = lay(cell, width: 390, scale: 3)
    #expect(abs(result.size.height - 1300.0 / 3) < 1e-9)
    #expect(result.absoluteFrame(id: "tagStack")?.height == 0)
    #expect(result.absoluteFrame(id: "subtitleLabel")?.height == 0)
  }

  /// Tiles (W − 81) / 4 wide, width / 0.85 high; the cell is 60 + 22.667 + 19 + 3 + 6 + 5 + 25
  /// + tile height, rounded to the grid (229.667 at 390 in the spec's font; here the fake one).
  @Test(arguments: widths)
  func orderGalleryTilesFollowTheWidth(width: Double) {
    let cell = ReferenceCells.order(
      title: "IT'S FUFILLED", subtitle: "Ordered on 06 Jul 21",
      gallery: ["tshirt", "top", "hoodie", "shorts", "shorts", "shorts"], overlay: "+3")
    let result = lay(cell, width: width, scale: 3)
    let tile = (width - 81) / 4
    let tileHeight = tile / 0.85
    #expect(abs(result.size.height - Self.snap(140 + 2.0 / 3 + tileHeight)) < 1e-9)
    let pixel = 1.0 / 3 + 1e-9
    for index in 0..<4 {
      let frame = result.absoluteFrame(id: "galleryImage\(index)") ?? .zero
      #expect(abs(frame.x - (30 + Double(index) * (tile + 7))) <= pixel)
      #expect(abs(frame.width - tile) <= pixel)
      #expect(abs(frame.height - tileHeight) <= pixel)
    }
    #expect(result.frame(id: "galleryOverlay")?.size == result.frame(id: "galleryImage3")?.size)
    #expect(close(result.frame(id: "moreButton"), rect(width - 86, (68.0 / 3 - 4) / 2, 26, 4)))
    #expect(close(result.absoluteFrame(id: "statusBar"), rect(30, 40 + 68.0 / 3 + 5 + 19 + 5 + 3 + 5, width - 60, 6)))
    #expect(result.warnings.isEmpty)
  }

  /// 56 high at any width; initials at 10, spacer at 46 (height 0, y 38), headline at 56 with
  /// width W − 86 centred on 36 (y 20 + (36 − 21.333) / 2), search at W − 30.
  @Test(arguments: widths)
  func headerIsFiftySixHigh(width: Double) {
    let result = lay(ReferenceCells.header(headline: "HI, RUSSELL", initials: "RW"), width: width, scale: 3)
    #expect(result.size == Size(width: width, height: 56))
    #expect(close(result.frame(id: "initialsView"), rect(10, 20, 36, 36)))
    #expect(close(result.frame(id: "initialsLabel"), rect(0, 0, 36, 36)))
    #expect(close(result.frame(id: "initialsGap"), rect(46, 38, 10, 0)))
    #expect(close(result.frame(id: "headlineLabel"), rect(56, 20 + 22.0 / 3, width - 86, 64.0 / 3)))
    #expect(close(result.frame(id: "searchButton"), rect(width - 30, 28, 20, 20)))
    #expect(result.warnings.isEmpty)
  }
}
