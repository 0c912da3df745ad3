import CardStack
import StackLayout
import Testing

/// One row of the frame table: the expected y of every card, worked out by hand.
struct FrameCase: Sendable, CustomTestStringConvertible {
  var name: String
  var configuration = CardStackConfiguration.example
  var count: Int
  var width: Double
  var state: CardStackState
  var x: Double = 8
  var cardWidth: Double
  var cardHeight: Double = 200
  var ys: [Double]
  var contentHeight: Double

  var testDescription: String { name }
}

// Example configuration: cardOffset 40, cardHeight 200, verticalSpacing 8, collapsed 200,
// expanded 720, so the largest translation is 720 − 200 = 520; spacings 8 + 8.
// Card width: 390 − 8 − 8 = 374; 320 − 16 = 304; 16 − 16 = 0; 10 − 16 = −6 → clamped to 0.
// Collapsed y: card 0 → 0, card i → 8 + 40·i = 48, 88, 128, 168, 208, 248, 288, 328.
// Expanded y: i · (200 + 8) = 0, 208, 416, 624, 832, 1040, 1248, 1456, 1664;
//   content = n · 208 (1 → 208, 2 → 416, 9 → 1872, 0 → 0).
// Transit y, card i > 0: (8 + 40·i) + |208·i − (8 + 40·i)| · t / 520 = (8 + 40·i) + (168·i − 8) · t / 520.
//   t = 260 (half): i=1 48 + 160/2 = 128; i=2 88 + 328/2 = 252; i=3 128 + 496/2 = 376;
//   i=4 168 + 664/2 = 500; i=5 208 + 832/2 = 624; i=6 248 + 1000/2 = 748; i=7 288 + 1168/2 = 872;
//   i=8 328 + 1336/2 = 996. Content = 200 + 260 = 460.
//   t = 130 (quarter): i=1 48 + 160/4 = 88; content 330.
//   t = 0 gives the collapsed y (content 200); t = 520 gives the expanded y (i=1: 48 + 160 = 208; content 720).
let frameCases: [FrameCase] = [
  FrameCase(
    name: "collapsed, 0 cards", count: 0, width: 390, state: .collapsed, cardWidth: 374, ys: [], contentHeight: 200),
  FrameCase(
    name: "collapsed, 1 card", count: 1, width: 390, state: .collapsed, cardWidth: 374, ys: [0], contentHeight: 200),
  FrameCase(
    name: "collapsed, 2 cards", count: 2, width: 320, state: .collapsed, cardWidth: 304, ys: [0, 48], contentHeight: 200
  ),
  FrameCase(
    name: "collapsed, 9 cards", count: 9, width: 390, state: .collapsed, cardWidth: 374,
    ys: [0, 48, 88, 128, 168, 208, 248, 288, 328], contentHeight: 200),
  FrameCase(
    name: "expanded, 0 cards", count: 0, width: 390, state: .expanded, cardWidth: 374, ys: [], contentHeight: 0),
  FrameCase(
    name: "expanded, 1 card", count: 1, width: 390, state: .expanded, cardWidth: 374, ys: [0], contentHeight: 208),
  FrameCase(
    name: "expanded, 2 cards", count: 2, width: 320, state: .expanded, cardWidth: 304, ys: [0, 208], contentHeight: 416),
  FrameCase(
    name: "expanded, 9 cards", count: 9, width: 390, state: .expanded, cardWidth: 374,
    ys: [0, 208, 416, 624, 832, 1040, 1248, 1456, 1664], contentHeight: 1872),
  FrameCase(
    name: "transit 260, 0 cards", count: 0, width: 390, state: .inTransit(translation: 260), cardWidth: 374, ys: [],
    contentHeight: 460),
  FrameCase(
    name: "transit 260, 1 card keeps card 0 at the top", count: 1, width: 390, state: .inTransit(translation: 260),
    cardWidth: 374, ys: [0], contentHeight: 460),
  FrameCase(
    name: "transit 130, 2 cards", count: 2, width: 320, state: .inTransit(translation: 130), cardWidth: 304,
    ys: [0, 88], contentHeight: 330),
  FrameCase(
    name: "transit 260, 9 cards", count: 9, width: 390, state: .inTransit(translation: 260), cardWidth: 374,
    ys: [0, 128, 252, 376, 500, 624, 748, 872, 996], contentHeight: 460),
  FrameCase(
    name: "transit 0 equals collapsed", count: 3, width: 390, state: .inTransit(translation: 0), cardWidth: 374,
    ys: [0, 48, 88], contentHeight: 200),
  FrameCase(
    name: "transit 520 equals expanded", count: 3, width: 390, state: .inTransit(translation: 520), cardWidth: 374,
    ys: [0, 208, 416], contentHeight: 720),
  FrameCase(
    name: "width equal to the spacings gives zero-width cards", count: 2, width: 16, state: .collapsed, cardWidth: 0,
    ys: [0, 48], contentHeight: 200),
  FrameCase(
    name: "width below the spacings clamps to zero", count: 2, width: 10, state: .expanded, cardWidth: 0, ys: [0, 208],
    contentHeight: 416),
  FrameCase(
    name: "zero width clamps to zero", count: 1, width: 0, state: .collapsed, cardWidth: 0, ys: [0], contentHeight: 200),
]

@Test(arguments: frameCases)
func cardFramesFollowTheSeedFormulas(_ row: FrameCase) throws {
  let layout = try row.configuration.layout(cardCount: row.count, width: row.width, state: row.state)
  #expect(layout.cards.map(\.frame.y) == row.ys)
  #expect(layout.cards.map(\.index) == Array(0..<row.count))
  for card in layout.cards {
    #expect(card.frame.x == row.x)
    #expect(card.frame.width == row.cardWidth)
    #expect(card.frame.height == row.cardHeight)
  }
  #expect(layout.contentHeight == row.contentHeight)
  #expect(layout.state == row.state)
}

@Test func laterCardsAreDrawnOverEarlierOnes() throws {
  let layout = try CardStackConfiguration.example.layout(cardCount: 4, width: 390, state: .collapsed)
  #expect(layout.cards.map(\.zIndex) == [0, 1, 2, 3])
}

@Test func customSpacingsMoveAndNarrowTheCards() throws {
  // leftSpacing 0, rightSpacing 20, verticalSpacing 10, cardOffset 30, cardHeight 100:
  // width 100 − 0 − 20 = 80; collapsed y: 0, 10 + 30 = 40, 10 + 60 = 70; expanded y: 0, 110, 220.
  let configuration = try CardStackConfiguration(
    cardOffset: 30, cardHeight: 100, leftSpacing: 0, rightSpacing: 20, verticalSpacing: 10)
  let collapsed = try configuration.layout(cardCount: 3, width: 100, state: .collapsed)
  #expect(
    collapsed.cards.map(\.frame) == [
      Rect(x: 0, y: 0, width: 80, height: 100), Rect(x: 0, y: 40, width: 80, height: 100),
      Rect(x: 0, y: 70, width: 80, height: 100),
    ])
  let expanded = try configuration.layout(cardCount: 3, width: 100, state: .expanded)
  #expect(expanded.cards.map(\.frame.y) == [0, 110, 220])
  #expect(expanded.contentHeight == 330)  // 3 · (100 + 10)
}

@Test func transitUsesTheAbsoluteDistanceLikeTheSeed() throws {
  // cardOffset 300 > cardHeight 100 + verticalSpacing 10, collapsed 100, expanded 300 (max t = 200).
  // Card 1: collapsed y = 10 + 300 = 310, expanded slot 110; |110 − 310| = 200;
  // at t = 100: 310 + 200 · 100 / 200 = 410 — further down, as the seed's abs() makes it.
  let configuration = try CardStackConfiguration(
    cardOffset: 300, collapsedHeight: 100, expandedHeight: 300, cardHeight: 100, verticalSpacing: 10)
  let layout = try configuration.layout(cardCount: 2, width: 390, state: .inTransit(translation: 100))
  #expect(layout.cards.map(\.frame.y) == [0, 410])
}

@Test func expandedContentCoversTheLastCardSoTheStackScrolls() throws {
  // 9 cards: last card bottom 1664 + 200 = 1864 ≤ content 1872 > container 720.
  let layout = try CardStackConfiguration.example.layout(cardCount: 9, width: 390, state: .expanded)
  let lastBottom = try #require(layout.cards.last).frame.maxY
  #expect(lastBottom == 1864)
  #expect(layout.contentHeight >= lastBottom)
  #expect(layout.contentHeight > CardStackConfiguration.example.expandedHeight)
}
