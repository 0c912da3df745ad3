import StackLayout
import StackRender

/// A card small enough to work out every drawn value by hand (width 100):
///
/// - root vstack, margin 10 → content 80 wide;
/// - box (10, 10, 80, 20), red at alpha 0.5 (stored as 128/255 = 0.502), corner radius 4;
/// - label "Hi", 10 pt bold, white, centred: one line 10 × 2444 / 2048 = 11.934 high, ceiled to
///   1/3 pt → frame (10, 30, 80, 12); the line's top is (12 − 11.934) / 2 = 0.033, its baseline
///   0.033 + 10 × 1950 / 2048 = 9.555 below the frame's top, its centre 80 / 2 = 40 from the frame's left;
///   SF tracking at 10 pt is 12/1000 em = 0.12; Inter Bold's advances (2816 units per em) are H 2101 and
///   i 766, so the line measures (2101 + 766) × 10 / 2816 + 0.12 = 10.301 and is held to 10.301 + 0.12
///   (the trailing letter-spacing SVG adds) = 10.421 (`textLength`);
/// - row height 10 + 20 + 12 + 10 = 52.
enum TinyCard {
  static var row: RenderRow {
    let card = VStack {
      Box(background: Color(red: 1, green: 0, blue: 0, alpha: 0.5), cornerRadius: 4).height(20).id("swatch")
      Text("Hi", font: FontStyle(size: 10, weight: .bold), alignment: .center, color: .white).id("label")
        .action("wave")
    }
    .margin(.all(10))
    return SampleFeeds.row("tiny", "t1", card, width: 100)
  }
}
