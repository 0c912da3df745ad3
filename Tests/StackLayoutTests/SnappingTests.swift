import StackLayout
import Testing

/// Rule 18: edges round to the nearest pixel (ties up); labels keep their measured size.
struct SnappingTests {
  /// W / 0.9 at @3x: 355.556 → 1066.67 px → 1067 px = 355.667; 433.333 and 853.333 are on the grid.
  static let rowHeights: [(width: Double, height: Double)] = [(320, 1067.0 / 3), (390, 1300.0 / 3), (768, 2560.0 / 3)]

  @Test(arguments: rowHeights)
  func fittedHeightRoundsToThePixelGrid(width: Double, height: Double) {
    let result = lay(VStack { Spacer() }.aspectRatio(0.9, priority: 999), width: width, scale: 3)
    #expect(abs(result.size.height - height) < 1e-9)
  }

  /// A 36 × 36 square and a 17 pt fake label (21.25 → ceiled to 21.333) centred: (36 − 21.333) / 2
  /// = 7.333, already on the grid. With scale 2 the label is ceiled to 21.5 and centred at 7.25 →
  /// snapped to 7.5 with its height kept.
  static let centred: [(scale: Double, y: Double, height: Double)] = [(3, 22.0 / 3, 64.0 / 3), (2, 7.5, 21.5)]

  @Test(arguments: centred)
  func centredLabelSnapsWithoutShrinking(scale: Double, y: Double, height: Double) {
    let row = HStack(alignment: .center) {
      Box().square(36)
      Text("HI", font: FontStyle(size: 17)).id("t")
    }
    let result = lay(row, width: 100, scale: scale)
    let frame = result.frame(id: "t")
    #expect(abs((frame?.y ?? 0) - y) < 1e-9)
    #expect(abs((frame?.height ?? 0) - height) < 1e-9)
  }

  /// Whatever fractional offset a label lands on, its snapped height stays its measured height.
  @Test func labelsKeepTheirMeasuredHeightAtAnyOffset() {
    let engine = LayoutEngine(measurer: FakeMeasurer(), scale: 3)
    for step in 0..<300 {
      let offset = Double(step) * 0.01
      let column = VStack {
        Spacer(h: offset)
        Text("HI", font: FontStyle(size: 17)).id("t")
        Spacer()
      }
      let frame = engine.layout(column, width: 100, height: 100).frame(id: "t")
      #expect(abs((frame?.height ?? 0) - (21 + 1.0 / 3)) < 1e-9, "offset \(offset)")
    }
  }

  @Test func scaleZeroKeepsExactFrames() {
    let result = lay(VStack { Spacer() }.aspectRatio(0.9, priority: 999), width: 320, scale: 0)
    #expect(result.size.height == 320 / 0.9)
  }
}
