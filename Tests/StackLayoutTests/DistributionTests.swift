import StackLayout
import Testing

/// Rule 7 along a horizontal stack of width 200 (no margins); expected frames worked out by hand.
struct DistributionTests {
  struct Case: Sendable, CustomStringConvertible {
    let name: String
    let stack: HStack
    let width: Double
    let expected: [String: Rect]
    var description: String { name }
  }

  static let cases: [Case] = [
    // fill, grow: slack 200 − 10 − 80 = 110; hugging ties (250) → the last child takes it all.
    Case(
      name: "fill grows the last of equally hugging children",
      stack: HStack(spacing: 10) {
        item("a", width: 30, height: 10)
        item("b", width: 50, height: 10)
      },
      width: 200, expected: ["a": rect(0, 0, 30, 10), "b": rect(40, 0, 160, 10)]),
    // fill, grow: the free spacer (hugging 0) absorbs the 120 first.
    Case(
      name: "fill gives slack to a free spacer first",
      stack: HStack {
        item("a", width: 30, height: 10)
        Spacer().id("s")
        item("b", width: 50, height: 10)
      },
      width: 200, expected: ["a": rect(0, 0, 30, 10), "s": rect(30, 0, 120, 10), "b": rect(150, 0, 50, 10)]),
    // fill, shrink 50: a's compression resistance (500, from its optional width) is lower than b's 750.
    Case(
      name: "fill shrinks the lowest compression resistance first",
      stack: HStack {
        Box().width(100, priority: 500).id("a")
        item("b", width: 100, height: 10)
      },
      width: 150, expected: ["a": rect(0, 0, 50, 10), "b": rect(50, 0, 100, 10)]),
    // Two free spacers tie: the last one takes everything.
    Case(
      name: "fill ties between free spacers go to the last",
      stack: HStack {
        Spacer().id("s1")
        Spacer().id("s2")
      },
      width: 100, expected: ["s1": rect(0, 0, 0, 0), "s2": rect(0, 0, 100, 0)]),
    // An optional width at 500 beats hugging 250: a stays at 60 while b (250) grows by 110.
    Case(
      name: "an optional width above hugging holds while a neighbour grows",
      stack: HStack {
        item("a", width: 30, height: 10).width(60, priority: 500)
        item("b", width: 30, height: 10)
      },
      width: 200, expected: ["a": rect(0, 0, 60, 10), "b": rect(60, 0, 140, 10)]),
    // An optional width at 200 loses to hugging 250: a is 30 wide, and as the last tie… b grows.
    Case(
      name: "an optional width below hugging is ignored",
      stack: HStack {
        item("a", width: 30, height: 10).width(60, priority: 200)
        Spacer().id("s")
      },
      width: 200, expected: ["a": rect(0, 0, 30, 10), "s": rect(30, 0, 170, 10)]),
    // fillEqually: (200 − 2 × 10) / 3 = 60 each, natural widths ignored.
    Case(
      name: "fillEqually splits the length equally",
      stack: HStack(spacing: 10, distribution: .fillEqually) {
        item("a", width: 30, height: 10)
        item("b", width: 50, height: 10)
        item("c", width: 10, height: 10)
      },
      width: 200, expected: ["a": rect(0, 0, 60, 10), "b": rect(70, 0, 60, 10), "c": rect(140, 0, 60, 10)]),
    // fillProportionally: a = 200 × 30 / (90 + 10) = 60; the last sized child takes 190 − 60 = 130.
    Case(
      name: "fillProportionally scales by natural width",
      stack: HStack(spacing: 10, distribution: .fillProportionally) {
        item("a", width: 30, height: 10)
        item("b", width: 60, height: 10)
      },
      width: 200, expected: ["a": rect(0, 0, 60, 10), "b": rect(70, 0, 130, 10)]),
    // equalSpacing: naturals 100, free 100 over 2 gaps → 50 each.
    Case(
      name: "equalSpacing keeps natural sizes and spreads the gaps",
      stack: HStack(spacing: 10, distribution: .equalSpacing) {
        item("a", width: 30, height: 10)
        item("b", width: 50, height: 10)
        item("c", width: 20, height: 10)
      },
      width: 200, expected: ["a": rect(0, 0, 30, 10), "b": rect(80, 0, 50, 10), "c": rect(180, 0, 20, 10)]),
    // equalSpacing too tight: 100 + 20 > 110 → gaps 10, shrink 10 from the last tie (c).
    Case(
      name: "equalSpacing shrinks children at the minimum spacing",
      stack: HStack(spacing: 10, distribution: .equalSpacing) {
        item("a", width: 30, height: 10)
        item("b", width: 50, height: 10)
        item("c", width: 20, height: 10)
      },
      width: 110, expected: ["a": rect(0, 0, 30, 10), "b": rect(40, 0, 50, 10), "c": rect(100, 0, 10, 10)]),
    // equalCentering: centres 10, 100, 190 (step (200 − 10 − 10) / 2 = 90).
    Case(
      name: "equalCentering spaces the centres equally",
      stack: HStack(distribution: .equalCentering) {
        item("a", width: 20, height: 10)
        item("b", width: 40, height: 10)
        item("c", width: 20, height: 10)
      },
      width: 200, expected: ["a": rect(0, 0, 20, 10), "b": rect(80, 0, 40, 10), "c": rect(180, 0, 20, 10)]),
    // equalCentering with a clamp: the b–c gap would be 0 < 20 → 20; the rest, 200 − 120 = 80,
    // is the a–b centre distance → gap 80 − 60 = 20.
    Case(
      name: "equalCentering clamps a gap at the spacing and re-spreads",
      stack: HStack(spacing: 20, distribution: .equalCentering) {
        item("a", width: 20, height: 10)
        item("b", width: 100, height: 10)
        item("c", width: 100, height: 10)
      },
      width: 260, expected: ["a": rect(0, 0, 20, 10), "b": rect(40, 0, 100, 10), "c": rect(160, 0, 100, 10)]),
    // A single child of equalSpacing is pinned to both edges.
    Case(
      name: "equalSpacing with one child fills the stack",
      stack: HStack(distribution: .equalSpacing) { item("a", width: 20, height: 10) },
      width: 200, expected: ["a": rect(0, 0, 200, 10)]),
  ]

  @Test(arguments: cases)
  func distributesTheMainAxisAsRuleSeven(_ test: Case) {
    let result = lay(test.stack, width: test.width)
    for (id, expected) in test.expected {
      #expect(close(result.frame(id: id), expected), "\(id): \(String(describing: result.frame(id: id)))")
    }
  }

  @Test func requiredWidthsThatDoNotFitOverflowWithAWarning() {
    let result = lay(
      HStack {
        Box().width(80).id("a")
        Box().width(80).id("b")
      }, width: 100)
    #expect(close(result.frame(id: "b"), rect(80, 0, 80, 0)))
    #expect(result.overflowing.contains(0))
    #expect(result.warnings.contains { $0.path == "root" && $0.message.contains("overflow by 60") })
  }

  @Test func fillEquallyNaturalWidthIsTheLargestChildTimesCount() {
    let engine = LayoutEngine(measurer: FakeMeasurer(), scale: 0)
    let stack = HStack(spacing: 10, distribution: .fillEqually) {
      item("a", width: 30, height: 10)
      item("b", width: 50, height: 10)
    }
    #expect(engine.measure(stack).ideal == Size(width: 110, height: 10))
  }
}
