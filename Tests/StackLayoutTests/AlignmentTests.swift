import StackLayout
import Testing

/// Rule 8 (and 5e): cross-axis sizes and offsets, worked out by hand.
struct AlignmentTests {
  /// HStack { a: 10×40 required; b: 10 wide, intrinsic height 20; free spacer } at width 100:
  /// the stack is 40 high (the tallest child); b and the spacer move with the alignment.
  @Test(arguments: [
    (StackAlignment.fill, rect(10, 0, 10, 40), rect(20, 0, 80, 40)),
    (.leading, rect(10, 0, 10, 20), rect(20, 0, 80, 0)),
    (.top, rect(10, 0, 10, 20), rect(20, 0, 80, 0)),
    (.center, rect(10, 10, 10, 20), rect(20, 20, 80, 0)),
    (.trailing, rect(10, 20, 10, 20), rect(20, 40, 80, 0)),
    (.bottom, rect(10, 20, 10, 20), rect(20, 40, 80, 0)),
  ])
  func horizontalStackAlignsChildrenAcrossItsAxis(alignment: StackAlignment, b: Rect, spacer: Rect) {
    let stack = HStack(alignment: alignment) {
      Box().size(width: 10, height: 40).id("a")
      Box().width(10).intrinsicSize(height: 20).id("b")
      Spacer().id("s")
    }
    let result = lay(stack, width: 100)
    #expect(result.size == Size(width: 100, height: 40))
    #expect(close(result.frame(id: "a"), rect(0, 0, 10, 40)))
    #expect(close(result.frame(id: "b"), b))
    #expect(close(result.frame(id: "s"), spacer))
  }

  /// VStack { a: intrinsic 30×10; Spacer(h: 5) } at width 100. Free children get width 0 under
  /// any alignment but fill; baselines fall back to leading / trailing in a vertical stack.
  @Test(arguments: [
    (StackAlignment.fill, rect(0, 0, 100, 10), rect(0, 10, 100, 5)),
    (.leading, rect(0, 0, 30, 10), rect(0, 10, 0, 5)),
    (.center, rect(35, 0, 30, 10), rect(50, 10, 0, 5)),
    (.trailing, rect(70, 0, 30, 10), rect(100, 10, 0, 5)),
    (.firstBaseline, rect(0, 0, 30, 10), rect(0, 10, 0, 5)),
    (.lastBaseline, rect(70, 0, 30, 10), rect(100, 10, 0, 5)),
  ])
  func verticalStackAlignsChildrenAcrossItsAxis(alignment: StackAlignment, a: Rect, spacer: Rect) {
    let stack = VStack(alignment: alignment) {
      item("a", width: 30, height: 10)
      Spacer(h: 5).id("s")
    }
    let result = lay(stack, width: 100)
    #expect(result.size == Size(width: 100, height: 15))
    #expect(close(result.frame(id: "a"), a))
    #expect(close(result.frame(id: "s"), spacer))
  }

  /// Fake text: size 20 → line 25, baseline 20; size 8 → line 10, baseline 8. The box's
  /// baseline is its bottom (30). Ascent max(20, 8, 30) = 30, descent max(5, 2, 0) = 5 → 35 high.
  @Test func firstBaselineAlignsLabelsAndViewBottoms() {
    let stack = HStack(alignment: .firstBaseline) {
      Text("ab", font: FontStyle(size: 20)).id("big")
      Text("cd", font: FontStyle(size: 8)).id("small")
      item("box", width: 10, height: 30)
    }
    let result = lay(stack, width: 100)
    #expect(result.size.height == 35)
    #expect(close(result.frame(id: "big"), rect(0, 10, 20, 25)))
    #expect(close(result.frame(id: "small"), rect(20, 22, 8, 10)))
    #expect(close(result.frame(id: "box"), rect(28, 0, 72, 30)))
  }

  /// "aa bb" at size 20 in 30 pt wraps to two lines: 50 high, baselines 20 and 45.
  /// lastBaseline: ascent max(45, 8) = 45, descent max(5, 2) → 50; the small label sits at 45 − 8.
  /// firstBaseline: ascent 20, descent max(30, 2) → 50; the small label sits at 20 − 8.
  @Test(arguments: [(StackAlignment.lastBaseline, 37.0), (.firstBaseline, 12.0)])
  func baselinesOfAWrappedLabel(alignment: StackAlignment, smallY: Double) {
    let stack = HStack(alignment: alignment) {
      Text("aa bb", font: FontStyle(size: 20), lines: 0).width(30).id("wrapped")
      Text("cd", font: FontStyle(size: 8)).id("small")
      Spacer()
    }
    let result = lay(stack, width: 100)
    #expect(result.size.height == 50)
    #expect(close(result.frame(id: "wrapped"), rect(0, 0, 30, 50)))
    #expect(close(result.frame(id: "small"), rect(30, smallY, 8, 10)))
    #expect(result.texts[1]?.lines == ["aa", "bb"])
  }

  /// A nested vertical stack contributes its first label's baseline (first) or its last's (last).
  @Test func nestedVerticalStackUsesItsFirstOrLastChildBaseline() {
    let column = VStack {
      Text("top", font: FontStyle(size: 20)).id("top")
      Text("low", font: FontStyle(size: 8)).id("low")
    }
    // Column: 25 + 10 = 35 high; first baseline 20, last baseline 25 + 8 = 33.
    let first = lay(
      HStack(alignment: .firstBaseline) {
        column
        Text("x", font: FontStyle(size: 8)).id("x")
      }, width: 100)
    #expect(close(first.absoluteFrame(id: "x"), rect(30, 12, 70, 10)))
    let last = lay(
      HStack(alignment: .lastBaseline) {
        column
        Text("x", font: FontStyle(size: 8)).id("x")
      }, width: 100)
    #expect(close(last.absoluteFrame(id: "x"), rect(30, 25, 70, 10)))
  }
}
