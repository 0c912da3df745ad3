import StackLayout
import Synchronization
import Testing

/// `FeedLayout`: a change to one card lays out that card alone, the rows after it move as data,
/// and the result is exactly a fresh layout of the changed feed.
@Suite("FeedLayout")
struct FeedLayoutTests {
  /// Records every string it is asked to measure.
  final class RecordingMeasurer: TextMeasuring {
    let measured = Mutex<[String]>([])
    func measure(_ text: String, font: FontStyle, maxLines: Int, maxWidth: Double?) -> TextMeasurement {
      measured.withLock { $0.append(text) }
      return FakeMeasurer().measure(text, font: font, maxLines: maxLines, maxWidth: maxWidth)
    }
    /// The strings measured since the last call.
    func take() -> [String] {
      measured.withLock { list in
        defer { list = [] }
        return list
      }
    }
  }

  /// A card with two measured labels whose strings name the card: `title 7`, `subtitle 7`.
  static func card(_ index: Int, title: String? = nil) -> LayoutNode {
    VStack(spacing: 6) {
      Text(title ?? "title \(index)", font: FontStyle(size: 18, weight: .heavy), lines: 2).id("title")
      Text("subtitle \(index)", font: FontStyle(size: 15)).id("subtitle")
      Image("picture").aspectRatio(2)
    }
    .margin(.all(20)).node
  }

  static let width = 200.0
  static let engine = LayoutEngine(measurer: FakeMeasurer())

  @Test("a changed label re-measures its own card only")
  func onlyTheChangedCardIsMeasured() throws {
    let measurer = RecordingMeasurer()
    var feed = FeedLayout(
      cards: (0..<50).map { Self.card($0) }, width: Self.width, engine: LayoutEngine(measurer: measurer))
    #expect(measurer.take().count >= 100)  // every card's two labels

    try feed.update(text: "a much longer title that wraps onto two lines", id: "title", row: 17)
    let measured = measurer.take()
    #expect(measured.contains("a much longer title that wraps onto two lines"))
    #expect(measured.allSatisfy { $0.hasPrefix("a much longer") || $0 == "subtitle 17" }, "\(measured)")

    feed.replaceCard(at: 3, with: Self.card(3, title: "new"))
    #expect(Set(measurer.take()) == ["new", "subtitle 3"])
  }

  @Test("after changes, rows and offsets equal a fresh layout of the changed cards", arguments: [1, 2, 7, 64, 100])
  func equalsAColdLayout(rows: Int) throws {
    let engine = Self.engine
    var cards = (0..<rows).map { Self.card($0) }
    var feed = FeedLayout(cards: cards, width: Self.width, engine: engine)
    let changes = [(0, "x"), (rows / 2, "a title long enough to need both of its lines"), (rows - 1, "short")]
    for (row, title) in changes {
      try feed.update(text: title, id: "title", row: row)
      cards[row] = Self.card(row, title: title)
    }
    let cold = FeedLayout(cards: cards, width: Self.width, engine: engine)
    #expect(feed.results == cold.results)
    #expect(feed.height == cold.height)
    var running = 0.0
    for row in 0..<rows {
      #expect(feed.offset(of: row) == cold.offset(of: row))
      #expect(feed.frame(of: row) == cold.frame(of: row))
      #expect(abs(feed.offset(of: row) - running) < 1e-9)
      running += feed.results[row].size.height
    }
    #expect(abs(feed.offset(of: rows) - running) < 1e-9)
  }

  @Test("the rows after a change move by the change in its height; the rows before stay")
  func rowsAfterTheChangeMove() throws {
    var feed = FeedLayout(cards: (0..<10).map { Self.card($0) }, width: Self.width, engine: Self.engine)
    let before = (0...10).map { feed.offset(of: $0) }
    let oldHeight = feed.results[4].size.height
    try feed.update(text: "a title long enough to need both of its lines", id: "title", row: 4)
    let growth = feed.results[4].size.height - oldHeight
    #expect(growth > 0)
    for row in 0...10 {
      let expected = row <= 4 ? before[row] : before[row] + growth
      #expect(abs(feed.offset(of: row) - expected) < 1e-9, "row \(row)")
    }
  }

  @Test("row(at:) finds the row whose extent holds y", arguments: [0, 1, 3, 8, 33])
  func rowAtY(rows: Int) {
    let feed = FeedLayout(cards: (0..<rows).map { Self.card($0) }, width: Self.width, engine: Self.engine)
    #expect(feed.row(at: -1) == nil)
    #expect(feed.row(at: feed.height) == nil)
    for row in 0..<rows {
      let frame = feed.frame(of: row)
      #expect(feed.row(at: frame.y) == row)
      #expect(feed.row(at: frame.y + frame.height / 2) == row)
    }
  }

  @Test("an unknown label id is refused, naming the row and the id, and changes nothing")
  func unknownLabel() {
    var feed = FeedLayout(cards: (0..<3).map { Self.card($0) }, width: Self.width, engine: Self.engine)
    let before = feed.results
    #expect(throws: FeedLayoutError.noLabel(id: "missing", row: 1)) {
      try feed.update(text: "x", id: "missing", row: 1)
    }
    let error = FeedLayoutError.noLabel(id: "missing", row: 1)
    #expect(error.description == "row 1: the card has no label with id 'missing'")
    #expect(feed.results == before)
  }

  @Test("a label below the engine's depth limit is not found (the engine never lays it out)")
  func labelBelowTheDepthLimit() {
    let deep = VStack { VStack { VStack { Text("deep").id("label") } } }.node
    let shallow = LayoutEngine(measurer: FakeMeasurer(), maxDepth: 2)
    var feed = FeedLayout(cards: [deep], width: Self.width, engine: shallow)
    #expect(throws: FeedLayoutError.noLabel(id: "label", row: 0)) {
      try feed.update(text: "x", id: "label", row: 0)
    }
    let deepEnough = LayoutEngine(measurer: FakeMeasurer(), maxDepth: 3)
    var deeper = FeedLayout(cards: [deep], width: Self.width, engine: deepEnough)
    #expect(throws: Never.self) { try deeper.update(text: "x", id: "label", row: 0) }
  }
}
