import CardStack
import Testing

// Example configuration: collapsed 200, expanded 720, both thresholds 20.
// Expanding upward needs a container strictly taller than 200 + 20 = 220;
// a downward drag collapses when the container is strictly shorter than 720 − 20 = 700.

@Test func dragChangesGrowTheContainerAndPutTheStackInTransit() {
  var stack = CardStackInteraction(configuration: .example)
  #expect(stack.dragChanged(translation: -10) == [])  // 200 + 10 = 210
  #expect(stack.containerHeight == 210)
  #expect(stack.state == .inTransit(translation: 10))
  _ = stack.dragChanged(translation: -15)  // 210 + 15 = 225
  #expect(stack.containerHeight == 225)
  #expect(stack.state == .inTransit(translation: 25))
}

@Test func upwardDragPastTheThresholdExpands() {
  var stack = CardStackInteraction(configuration: .example)
  _ = stack.dragChanged(translation: -10)
  _ = stack.dragChanged(translation: -11)  // 221 > 220
  #expect(stack.dragEnded() == [.positionChanged(to: .expanded)])
  #expect(stack.state == .expanded)
  #expect(stack.containerHeight == 720)
}

@Test func upwardDragEndingExactlyAtTheThresholdCollapses() {
  var stack = CardStackInteraction(configuration: .example)
  _ = stack.dragChanged(translation: -20)  // 220 is not > 220
  #expect(stack.dragEnded() == [.positionChanged(to: .collapsed)])
  #expect(stack.state == .collapsed)
  #expect(stack.containerHeight == 200)
}

@Test func downwardDragPastTheThresholdCollapses() {
  var stack = CardStackInteraction(configuration: .example, position: .expanded)
  _ = stack.dragChanged(translation: 21)  // 720 − 21 = 699 < 700
  #expect(stack.state == .inTransit(translation: 499))
  #expect(stack.dragEnded() == [.positionChanged(to: .collapsed)])
  #expect(stack.state == .collapsed)
  #expect(stack.containerHeight == 200)
}

@Test func downwardDragEndingExactlyAtTheThresholdExpandsAgain() {
  var stack = CardStackInteraction(configuration: .example, position: .expanded)
  _ = stack.dragChanged(translation: 20)  // 700 is not < 700
  #expect(stack.dragEnded() == [.positionChanged(to: .expanded)])
  #expect(stack.state == .expanded)
  #expect(stack.containerHeight == 720)
}

@Test func draggingPastTheExpandedHeightClampsThere() throws {
  var stack = CardStackInteraction(configuration: .example)
  _ = stack.dragChanged(translation: -600)  // 200 + 600 = 800 → 720
  #expect(stack.containerHeight == 720)
  #expect(stack.state == .inTransit(translation: 520))
  // At full translation the cards sit in their expanded slots: 0, 208.
  #expect(try stack.layout(cardCount: 2, width: 390).cards.map(\.frame.y) == [0, 208])
  #expect(stack.dragEnded() == [.positionChanged(to: .expanded)])
}

@Test func draggingBelowTheCollapsedHeightClampsThereAndSettlesBack() {
  var stack = CardStackInteraction(configuration: .example)
  _ = stack.dragChanged(translation: 50)  // 200 − 50 = 150 → 200
  #expect(stack.containerHeight == 200)
  #expect(stack.state == .inTransit(translation: 0))
  // Like the seed, settling back where it started is still reported.
  #expect(stack.dragEnded() == [.positionChanged(to: .collapsed)])
  #expect(stack.state == .collapsed)
}

@Test func theDirectionIsTheLastStepsNotTheWholeDrags() {
  var stack = CardStackInteraction(configuration: .example)
  _ = stack.dragChanged(translation: -300)  // 500
  _ = stack.dragChanged(translation: 5)  // 495, last step downward: 495 < 700
  #expect(stack.dragEnded() == [.positionChanged(to: .collapsed)])
}

@Test func aStillLastStepCountsAsDownward() {
  var stack = CardStackInteraction(configuration: .example)
  _ = stack.dragChanged(translation: -300)  // 500
  _ = stack.dragChanged(translation: 0)  // 0 is not < 0, so downward: 500 < 700
  #expect(stack.dragEnded() == [.positionChanged(to: .collapsed)])
}

@Test func theEndEventsOwnTranslationOnlySetsTheNextDirection() {
  var stack = CardStackInteraction(configuration: .example)
  _ = stack.dragChanged(translation: -300)  // 500, upward: 500 > 220
  #expect(stack.dragEnded(translation: 40) == [.positionChanged(to: .expanded)])
  #expect(stack.lastTranslation == 40)
}

@Test func aDragWithoutChangesUsesTheBeganTranslation() {
  var collapsed = CardStackInteraction(configuration: .example)
  #expect(collapsed.dragBegan(translation: -12) == [])
  #expect(collapsed.containerHeight == 200)
  #expect(collapsed.dragEnded() == [.positionChanged(to: .collapsed)])  // up, 200 is not > 220

  var expanded = CardStackInteraction(configuration: .example, position: .expanded)
  _ = expanded.dragBegan(translation: 12)
  #expect(expanded.dragEnded() == [.positionChanged(to: .expanded)])  // down, 720 is not < 700
}

@Test func aTapOnTheCollapsedStackExpandsIt() {
  var stack = CardStackInteraction(configuration: .example)
  #expect(stack.tap() == [.tapped, .positionChanged(to: .expanded)])
  #expect(stack.state == .expanded)
  #expect(stack.containerHeight == 720)
}

@Test func aTapThatDoesNotExpandOnlyReportsTheTap() {
  var stack = CardStackInteraction(configuration: .example)
  #expect(stack.tap(expands: false) == [.tapped])
  #expect(stack.state == .collapsed)
}

@Test func aTapOnAnExpandedOrMovingStackDoesNothing() {
  var expanded = CardStackInteraction(configuration: .example, position: .expanded)
  #expect(expanded.tap() == [])
  #expect(expanded.state == .expanded)

  var moving = CardStackInteraction(configuration: .example)
  _ = moving.dragChanged(translation: -30)
  #expect(moving.tap() == [])
  #expect(moving.state == .inTransit(translation: 30))
}

@Test(arguments: CardStackPosition.allCases)
func programmaticMovesReportThePositionReached(_ position: CardStackPosition) {
  var stack = CardStackInteraction(configuration: .example, position: position == .collapsed ? .expanded : .collapsed)
  #expect(stack.move(to: position) == [.positionChanged(to: position)])
  #expect(stack.state.position == position)
  #expect(stack.containerHeight == (position == .collapsed ? 200 : 720))
}

@Test func aFullSequenceExpandsThenCollapses() {
  var stack = CardStackInteraction(configuration: .example)
  var events: [CardStackEvent] = []
  events += stack.dragBegan(translation: -8)
  events += stack.dragChanged(translation: -40)  // 240
  events += stack.dragChanged(translation: -40)  // 280
  events += stack.dragEnded()  // up, 280 > 220 → expanded
  events += stack.dragChanged(translation: 30)  // 690
  events += stack.dragEnded()  // down, 690 < 700 → collapsed
  events += stack.tap()  // collapsed → expanded
  #expect(
    events == [
      .positionChanged(to: .expanded), .positionChanged(to: .collapsed), .tapped, .positionChanged(to: .expanded),
    ])
}
