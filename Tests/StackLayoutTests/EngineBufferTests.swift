import StackLayout
import Testing

/// The engine's per-layout tables: labels that are never measured, and layouts run at once on many
/// threads through one engine (each layout owns its buffers; nothing is pooled or shared).
struct EngineBufferTests {
  /// VStack { Text "ab" 10 pt, given 30×12; Text "abcd" 10 pt, free } at width 100. FakeMeasurer:
  /// 5 pt per character, lines 12.5 high. The sized label is never measured (its text is nil); the
  /// other is measured at the stack's width 100: one line "abcd", 20 × 12.5.
  @Test func labelsGivenBothIntrinsicSizesAreNotMeasured() {
    let stack = VStack {
      Text("ab", font: FontStyle(size: 10)).intrinsicSize(width: 30, height: 12)
      Text("abcd", font: FontStyle(size: 10))
    }
    let result = LayoutEngine(measurer: FakeMeasurer(), scale: 0).layout(stack, width: 100)
    #expect(result.texts.count == 3)
    #expect(result.texts[0] == nil)
    #expect(result.texts[1] == nil)
    #expect(result.texts[2]?.lines == ["abcd"])
    #expect(result.frames[1] == Rect(x: 0, y: 0, width: 100, height: 12))
    #expect(result.frames[2] == Rect(x: 0, y: 12, width: 100, height: 12.5))
  }

  /// A tree without measured labels still reports one (nil) text per node, and equals a result
  /// built by hand with those texts.
  @Test func aResultWithoutMeasuredLabelsHasOneNilTextPerNode() {
    let stack = HStack { Box().height(20) }
    let result = LayoutEngine(measurer: FakeMeasurer(), scale: 0).layout(stack, width: 50)
    #expect(result.texts == [nil, nil])
    let byHand = LayoutResult(
      root: stack.node, frames: [Rect(x: 0, y: 0, width: 50, height: 20), Rect(x: 0, y: 0, width: 50, height: 20)],
      texts: [nil, nil], overflowing: [], warnings: [])
    #expect(result == byHand)
  }

  /// An invalid intrinsic width (NaN) is ignored with a warning, so the label is measured after all:
  /// "abc" at 10 pt is 15 wide and 12.5 high; the height stays the given 40.
  @Test func aLabelWhoseIntrinsicWidthIsInvalidIsMeasured() {
    let label = Text("abc", font: FontStyle(size: 10)).intrinsicSize(width: .nan, height: 40)
    let stack = HStack(alignment: .top) { label }
    let result = LayoutEngine(measurer: FakeMeasurer(), scale: 0).layout(stack, width: 100)
    #expect(result.frames[1] == Rect(x: 0, y: 0, width: 100, height: 40))
    #expect(result.texts[1]?.width == 15)
    #expect(result.warnings.contains { $0.message == "intrinsic width is NaN: ignored" })
  }

  /// 64 tasks lay out 50 trees each through one shared engine; every result equals the one laid
  /// out alone (a buffer shared between layouts would mix frames up or crash).
  @Test func oneEngineLaysOutOnManyThreadsAtOnce() async {
    let engine = LayoutEngine(measurer: FakeMeasurer(), scale: 3)
    let trees = (0..<50).map { index in
      VStack(spacing: Double(index % 7)) {
        HStack(distribution: .fillEqually) {
          Text("item \(index)", font: FontStyle(size: 12)).lines(2)
          Box().size(width: Double(index), height: 10)
        }
        Spacer(h: Double(index % 5))
        HStack(distribution: .equalCentering) {
          Box().size(width: 5, height: 5)
          Box().size(width: 7, height: 9)
          Box().size(width: 3, height: 2)
        }
      }.margin(.all(Double(index % 3))).node
    }
    let expected = trees.map { engine.layout($0, width: 200) }
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<64 {
        group.addTask { zip(trees, expected).filter { engine.layout($0, width: 200) != $1 }.count }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
