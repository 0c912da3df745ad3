import StackLayout
import Testing

@Suite("CachingTextMeasurer")
struct TextCacheTests {
  let font = FontStyle(size: 18, weight: .heavy)

  @Test("a repeated call is a hit and returns the same measurement")
  func hitReturnsSameResult() {
    let cache = CachingTextMeasurer(base: StandardTextMeasurer())
    let first = cache.measure("THE FUTURE IS FUNCTIONAL", font: font, maxLines: 2, maxWidth: 260)
    let second = cache.measure("THE FUTURE IS FUNCTIONAL", font: font, maxLines: 2, maxWidth: 260)
    #expect(first == second)
    #expect(first == StandardTextMeasurer().measure("THE FUTURE IS FUNCTIONAL", font: font, maxLines: 2, maxWidth: 260))
    #expect(cache.statistics == .init(hits: 1, misses: 1))
  }

  @Test("widths closer than 1/2048 pt share an entry; other keys miss")
  func keyParts() {
    let cache = CachingTextMeasurer(base: StandardTextMeasurer())
    _ = cache.measure("Raise the bar", font: font, maxLines: 2, maxWidth: 260)
    _ = cache.measure("Raise the bar", font: font, maxLines: 2, maxWidth: 260.0001)  // hit
    _ = cache.measure("Raise the bar", font: font, maxLines: 1, maxWidth: 260)  // miss: lines
    _ = cache.measure("Raise the bar", font: font, maxLines: 2, maxWidth: 261)  // miss: width
    _ = cache.measure("Raise the bar", font: FontStyle(size: 18), maxLines: 2, maxWidth: 260)  // miss: font
    _ = cache.measure("Raise the bar", font: font, maxLines: 2, maxWidth: nil)  // miss: natural size
    _ = cache.measure("Raise the bar", font: font, maxLines: 2, maxWidth: .infinity)  // hit: also unlimited
    #expect(cache.statistics == .init(hits: 2, misses: 5))
  }

  @Test("the cache is bounded: old entries are evicted")
  func bounded() {
    // Capacity 4 = two generations of 2: after A B | C D | E, A and B are gone, C and D remain.
    let cache = CachingTextMeasurer(base: StandardTextMeasurer(), capacity: 4)
    for text in ["A", "B", "C", "D", "E"] {
      _ = cache.measure(text, font: font, maxLines: 0, maxWidth: nil)
    }
    _ = cache.measure("D", font: font, maxLines: 0, maxWidth: nil)  // hit (older generation)
    _ = cache.measure("A", font: font, maxLines: 0, maxWidth: nil)  // miss: evicted
    #expect(cache.statistics == .init(hits: 1, misses: 6))
  }

  @Test("concurrent callers all get the uncached result")
  func threadSafe() async {
    let cache = CachingTextMeasurer(base: StandardTextMeasurer(), capacity: 64)
    let texts = (0..<100).map { "Order \($0) of the feed" }
    let style = font
    let expected = texts.map { StandardTextMeasurer().measure($0, font: style, maxLines: 2, maxWidth: 120) }
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var wrong = 0
          for (text, want) in zip(texts, expected)
          where cache.measure(text, font: style, maxLines: 2, maxWidth: 120) != want {
            wrong += 1
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
    let statistics = cache.statistics
    #expect(statistics.hits + statistics.misses == 800)
  }
}
