import StackLayout
import Testing

/// Margins, spacing, hidden children, spacers, ZStack, nested stacks and fixed sizes (rules 4, 5, 9–11, 14).
struct StackRuleTests {
  /// Height = 1 + 10 + 5 + 20 + 3 = 39; children span the inner width 100 − 2 − 4.
  @Test func marginsAndSpacingFrameAVerticalStack() {
    let stack = VStack(spacing: 5) {
      Box().height(10).id("a")
      Box().height(20).id("b")
    }
    .margin(.insets(top: 1, left: 2, bottom: 3, right: 4))
    let result = lay(stack, width: 100)
    #expect(result.frames[0] == rect(0, 0, 100, 39))
    #expect(close(result.frame(id: "a"), rect(2, 1, 94, 10)))
    #expect(close(result.frame(id: "b"), rect(2, 16, 94, 20)))
  }

  @Test func marginsInsetAHorizontalStack() {
    let result = lay(HStack { item("a", width: 30, height: 10) }.margin(.all(5)), width: 100)
    #expect(result.size.height == 20)
    #expect(close(result.frame(id: "a"), rect(5, 5, 90, 10)))
  }

  /// Rule 9's example: spacing applies on both sides of a fixed spacer, 5 + 3 + 5 = 13 between a and b.
  @Test func spacingAppliesAroundFixedSpacers() {
    let result = lay(
      VStack(spacing: 5) {
        Box().height(10).id("a")
        Spacer(h: 3)
        Box().height(10).id("b")
      }, width: 50)
    #expect(close(result.frame(id: "b"), rect(0, 23, 50, 10)))
    #expect(result.size.height == 33)
  }

  /// Hidden b collapses and takes no spacing: 10 + 10 + 10 = 30; b sits in the middle of the gap.
  @Test func hiddenChildrenCollapseAndTakeNoSpacing() {
    let stack = VStack(spacing: 10) {
      Box().height(10).id("a")
      VStack { Box().height(10).id("inner") }.hidden().id("b")
      Box().height(10).id("c")
    }
    let result = lay(stack, width: 50)
    #expect(result.size.height == 30)
    #expect(close(result.frame(id: "b"), rect(0, 15, 50, 0)))
    #expect(close(result.frame(id: "c"), rect(0, 20, 50, 10)))
    #expect(result.frame(id: "inner") == .zero)
    #expect(result.warnings.isEmpty)
  }

  @Test(arguments: [
    // hidden first: at the first visible child's leading edge
    (true, false, 0.0, 0.0),
    // hidden last: right after the last visible child
    (false, true, 0.0, 10.0),
  ])
  func hiddenChildrenAtTheEndsSitAtTheEdge(firstHidden: Bool, secondHidden: Bool, aY: Double, bY: Double) {
    let stack = VStack(spacing: 10) {
      Box().height(10).hidden(firstHidden).id("a")
      Box().height(10).hidden(secondHidden).id("b")
    }
    let result = lay(stack, width: 50)
    #expect(result.size.height == 10)
    #expect(result.frame(id: "a")?.y == aY)
    #expect(result.frame(id: "b")?.y == bY)
  }

  @Test func allChildrenHiddenLeavesOnlyTheMargins() {
    let result = lay(VStack { Box().height(10).hidden() }.margin(.all(5)), width: 50)
    #expect(result.size == Size(width: 50, height: 10))
  }

  /// Rule 14: the container is as large as its largest child; every child fills the content rect.
  @Test func zStackChildrenFillTheContentRect() {
    let stack = ZStack {
      Box().id("background")
      VStack { Box().height(40) }.id("content")
      item("small", height: 25)
    }.margin(.insets(top: 20, left: 10, right: 10))
    let result = lay(stack, width: 100)
    #expect(result.size.height == 60)
    for id in ["background", "content", "small"] {
      #expect(close(result.frame(id: id), rect(10, 20, 80, 40)), "\(id)")
    }
  }

  /// The feed item's bottom row: the column is the only child below required priorities, so it
  /// takes 330 − 10 − 50 = 270 (or 200 − 60 = 140); the row is 50 high (the button).
  @Test(arguments: [(330.0, 270.0), (200.0, 140.0)])
  func nestedColumnTakesTheRowsSlackOrShrinks(width: Double, column: Double) {
    let row = HStack(alignment: .center) {
      VStack {
        item("t1", width: 200, height: 20)
        Spacer(h: 6)
        item("t2", width: 100, height: 18)
      }.id("column")
      Spacer(w: 10).id("gap")
      Box().square(50).id("button")
    }
    let result = lay(row, width: width)
    #expect(result.size.height == 50)
    #expect(close(result.frame(id: "column"), rect(0, 3, column, 44)))
    #expect(close(result.frame(id: "gap"), rect(column, 25, 10, 0)))
    #expect(close(result.frame(id: "button"), rect(column + 10, 0, 50, 50)))
    #expect(close(result.absoluteFrame(id: "t2"), rect(0, 29, column, 18)))
  }

  /// A required width narrower than a fill stack is a UIKit conflict: the width wins, with a warning.
  @Test func requiredWidthInAFillStackWinsWithAWarning() {
    let result = lay(VStack { Box().size(width: 50, height: 10).id("a") }, width: 100)
    #expect(close(result.frame(id: "a"), rect(0, 0, 50, 10)))
    #expect(result.warnings.map(\.path) == ["root"])
  }

  /// A spacer with an optional width pulls at its priority; a free one absorbs first.
  @Test func freeSpacerAbsorbsSlackBeforeLabels() {
    let row = HStack {
      item("t", width: 30, height: 10)
      Spacer().id("s")
      item("b", width: 20, height: 10)
    }
    let result = lay(row, width: 100)
    #expect(close(result.frame(id: "s"), rect(30, 0, 50, 10)))
    #expect(close(result.frame(id: "b"), rect(80, 0, 20, 10)))
  }

  @Test func aStackTallerThanARequiredHeightOverflowsWithAWarning() {
    let result = lay(
      VStack {
        Box().height(30).id("a")
        Box().height(30).id("b")
      }.height(40), width: 10)
    #expect(result.size.height == 40)
    #expect(close(result.frame(id: "b"), rect(0, 30, 10, 30)))
    #expect(result.overflowing.contains(0))
  }
}
