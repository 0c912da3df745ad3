import StackLayout
import Testing

/// Rule 12 and A.4: `width == ratio × height` at a priority, with the width known.
struct AspectRatioTests {
  /// At 999 the ratio beats the content (hugging 0 from the free spacer): 100 / 2 = 50, and the
  /// spacer absorbs the 30 the label does not need.
  @Test func ratioAt999DecidesTheHeightOverHuggingContent() {
    let card = VStack {
      Spacer().id("s")
      item("x", height: 20)
    }.aspectRatio(2, priority: 999)
    let result = lay(card, width: 100)
    #expect(result.size.height == 50)
    #expect(close(result.frame(id: "s"), rect(0, 0, 100, 30)))
    #expect(close(result.frame(id: "x"), rect(0, 30, 100, 20)))
  }

  /// T = 50 < N = 80: labels (compression resistance 750) give way to 999 …
  @Test func ratioAt999CompressesLabels() {
    let result = lay(VStack { item("x", height: 80) }.aspectRatio(2, priority: 999), width: 100)
    #expect(result.size.height == 50)
    #expect(close(result.frame(id: "x"), rect(0, 0, 100, 50)))
  }

  /// … but required heights win: max(T, Lo) = 80.
  @Test func ratioAt999YieldsToRequiredHeights() {
    let result = lay(VStack { Box().height(80).id("x") }.aspectRatio(2, priority: 999), width: 100)
    #expect(result.size.height == 80)
    #expect(result.warnings.isEmpty)
  }

  /// At 200 the ratio loses to the label's hugging (250): the content height 20 stays.
  @Test func ratioBelowHuggingIsIgnored() {
    let result = lay(VStack { item("x", height: 20) }.aspectRatio(2, priority: 200), width: 100)
    #expect(result.size.height == 20)
  }

  /// A required ratio on a free view: 100 / 0.5 = 200.
  @Test func requiredRatioSizesAFreeView() {
    let result = lay(VStack { Box().aspectRatio(0.5).id("x") }, width: 100)
    #expect(close(result.frame(id: "x"), rect(0, 0, 100, 200)))
  }

  /// Rule 6: with a required height the ratio gives the natural width: 20 × 2 = 40.
  @Test func ratioWithAFixedHeightGivesTheNaturalWidth() {
    let result = lay(
      HStack {
        Box().height(20).aspectRatio(2).id("x")
        Spacer()
      }, width: 100)
    #expect(close(result.frame(id: "x"), rect(0, 0, 40, 20)))
  }

  /// Tiles of a fillEqually row: (330 − 21) / 4 = 77.25 wide, 77.25 / 0.85 high.
  @Test func fillEquallyTilesTakeTheirHeightFromTheRatio() {
    let row = HStack(spacing: 7, distribution: .fillEqually) {
      for index in 0..<4 { ZStack { Box() }.aspectRatio(0.85, priority: 999).id("tile\(index)") }
    }
    let result = lay(row, width: 330)
    let height = 77.25 / 0.85
    #expect(abs(result.size.height - height) < 1e-9)
    for index in 0..<4 {
      #expect(close(result.frame(id: "tile\(index)"), rect(Double(index) * 84.25, 0, 77.25, height)))
    }
  }
}
