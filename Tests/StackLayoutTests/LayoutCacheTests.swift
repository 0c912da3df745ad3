import StackLayout
import Synchronization
import Testing

/// Relayout through `LayoutCache` recomputes only the roots that changed.
struct LayoutCacheTests {
  /// Counts measuring calls (the cost that grows with the number of cards laid out).
  final class CountingMeasurer: TextMeasuring {
    let calls = Mutex(0)
    func measure(_ text: String, font: FontStyle, maxLines: Int, maxWidth: Double?) -> TextMeasurement {
      calls.withLock { $0 += 1 }
      return FakeMeasurer().measure(text, font: font, maxLines: maxLines, maxWidth: maxWidth)
    }
  }

  static func card(_ title: String) -> VStack {
    VStack {
      Text(title, font: FontStyle(size: 18)).id("title")
      Spacer(h: 6)
    }.margin(.all(20))
  }

  @Test func changingOneCardRelaysOutOnlyThatCard() {
    let measurer = CountingMeasurer()
    let cache = LayoutCache<Int>(engine: LayoutEngine(measurer: measurer))
    var cards = (0..<100).map { Self.card("CARD \($0)") }
    let first = cards.indices.map { cache.layout(cards[$0], key: $0, width: 390) }
    let coldCalls = measurer.calls.withLock { $0 }
    #expect(coldCalls > 0)
    #expect(cache.count == 100)

    cards[42] = Self.card("CHANGED")
    let second = cards.indices.map { cache.layout(cards[$0], key: $0, width: 390) }
    // One card, one label: its natural measurement only (the title fits on one line).
    #expect(measurer.calls.withLock { $0 } == coldCalls + 1)
    #expect(second[41] == first[41])
    #expect(second[42].root == cards[42].node)
  }

  @Test func aNewWidthIsAMiss() {
    let cache = LayoutCache<String>(engine: LayoutEngine(measurer: FakeMeasurer()))
    let card = Self.card("HELLO")
    #expect(cache.layout(card, key: "a", width: 390).size.width == 390)
    #expect(cache.layout(card, key: "a", width: 320).size.width == 320)
    cache.remove("a")
    #expect(cache.count == 0)
  }
}
