import CardStack
import Testing

@Test func defaultsAreTheExampleAppsConfiguration() throws {
  let configuration = try CardStackConfiguration()
  #expect(configuration == .example)
  #expect(configuration.cardOffset == 40)
  #expect(configuration.collapsedHeight == 200)
  #expect(configuration.expandedHeight == 720)  // 844-pt screen − 124
  #expect(configuration.cardHeight == 200)
  #expect(configuration.downwardThreshold == 20)
  #expect(configuration.upwardThreshold == 20)
  #expect(configuration.leftSpacing == 8)
  #expect(configuration.rightSpacing == 8)
  #expect(configuration.verticalSpacing == 8)
  #expect(configuration.maximumTranslation == 520)
}

/// A configuration built with one field changed, and the error it must raise.
struct InvalidCase: Sendable, CustomTestStringConvertible {
  var build: @Sendable () throws -> CardStackConfiguration
  var error: CardStackError
  var testDescription: String { error.description }
}

let invalidCases: [InvalidCase] = [
  InvalidCase(build: { try .init(cardHeight: 0) }, error: .notPositive(field: "cardHeight", value: 0)),
  InvalidCase(
    build: { try .init(collapsedHeight: -1) },
    error: .notPositive(field: "collapsedHeight", value: -1)),
  InvalidCase(
    build: { try .init(expandedHeight: 0) },
    error: .notPositive(field: "expandedHeight", value: 0)),
  InvalidCase(
    build: { try .init(expandedHeight: 200) },
    error: .expandedNotAboveCollapsed(expandedHeight: 200, collapsedHeight: 200)),
  InvalidCase(
    build: { try .init(collapsedHeight: 800) },
    error: .expandedNotAboveCollapsed(expandedHeight: 720, collapsedHeight: 800)),
  InvalidCase(build: { try .init(cardOffset: -1) }, error: .negative(field: "cardOffset", value: -1)),
  InvalidCase(
    build: { try .init(downwardThreshold: -5) },
    error: .negative(field: "downwardThreshold", value: -5)),
  InvalidCase(
    build: { try .init(upwardThreshold: -5) },
    error: .negative(field: "upwardThreshold", value: -5)),
  InvalidCase(build: { try .init(leftSpacing: -1) }, error: .negative(field: "leftSpacing", value: -1)),
  InvalidCase(build: { try .init(rightSpacing: -2) }, error: .negative(field: "rightSpacing", value: -2)),
  InvalidCase(
    build: { try .init(verticalSpacing: -0.5) },
    error: .negative(field: "verticalSpacing", value: -0.5)),
  InvalidCase(
    build: { try .init(expandedHeight: .infinity) },
    error: .notFinite(field: "expandedHeight", value: .infinity)),
]

@Test(arguments: invalidCases)
func invalidFieldsAreRefusedWithTheFieldNamed(_ row: InvalidCase) {
  #expect(throws: row.error) { try row.build() }
  #expect(row.error.description.contains(row.error.field))
}

@Test func notANumberIsRefusedAsNotFinite() {
  do {
    _ = try CardStackConfiguration(cardOffset: .nan)
    Issue.record("NaN cardOffset was accepted")
  } catch {
    #expect(error.field == "cardOffset")
    #expect(error.description == "card stack: cardOffset must be a finite number, got nan")
  }
}

@Test func theFirstInvalidFieldIsReported() {
  #expect(throws: CardStackError.negative(field: "cardOffset", value: -1)) {
    try CardStackConfiguration(cardOffset: -1, cardHeight: 0)
  }
}

@Test func messagesNameTheFieldAndValue() {
  #expect(
    CardStackError.notPositive(field: "cardHeight", value: 0).description
      == "card stack: cardHeight must be greater than 0, got 0")
  #expect(
    CardStackError.expandedNotAboveCollapsed(expandedHeight: 100, collapsedHeight: 200).description
      == "card stack: expandedHeight (100) must be greater than collapsedHeight (200)")
}

@Test(arguments: [
  (Double(-1), CardStackError.negative(field: "width", value: -1)),
  (Double.infinity, CardStackError.notFinite(field: "width", value: .infinity)),
])
func invalidWidthsAreRefused(width: Double, error: CardStackError) {
  #expect(throws: error) { try CardStackConfiguration.example.layout(cardCount: 1, width: width, state: .collapsed) }
}

@Test(arguments: [Double(-1), 520.5, .infinity])
func translationsOutsideTheDragRangeAreRefused(translation: Double) {
  #expect(throws: CardStackError.translationOutOfRange(translation: translation, maximum: 520)) {
    try CardStackConfiguration.example.layout(cardCount: 1, width: 390, state: .inTransit(translation: translation))
  }
}
