import CardStack
import FeedOptions
import StackRender
import Testing

@testable import StackfeedCLI

@Suite struct StackOptionsTests {
  private func parse(_ words: [String]) throws(UsageError) -> StackOptions {
    var arguments = Arguments(words)
    let options = try arguments.stackOptions()
    try arguments.finish()
    return options
  }

  @Test func noFlagsGiveTheExampleConfigurationCollapsed() throws {
    let options = try parse([])
    #expect(options.configuration == .example)
    #expect(options.state == .collapsed)
    #expect(!options.ownHeight)
  }

  @Test func everyConfigurationFieldHasAFlag() throws {
    let options = try parse([
      "--card-offset", "30", "--collapsed-height", "150", "--expanded-height", "600", "--card-height", "180",
      "--downward-threshold", "10", "--upward-threshold", "12", "--left-spacing", "4", "--right-spacing=6",
      "--vertical-spacing", "2.5", "--own-height",
    ])
    #expect(
      options.configuration
        == (try CardStackConfiguration(
          cardOffset: 30, collapsedHeight: 150, expandedHeight: 600, cardHeight: 180, downwardThreshold: 10,
          upwardThreshold: 12, leftSpacing: 4, rightSpacing: 6, verticalSpacing: 2.5)))
    #expect(options.ownHeight)
  }

  @Test(arguments: [
    (["--state", "expanded"], CardStackState.expanded),
    (["--state", "collapsed"], .collapsed),
    (["--state", "transit"], .inTransit(translation: 260)),  // (720 − 200) / 2
    (["--state", "transit", "--translation", "100"], .inTransit(translation: 100)),
    (["--translation", "520"], .inTransit(translation: 520)),
    (["--translation", "0"], .inTransit(translation: 0)),
    (["--state", "transit", "--collapsed-height", "100", "--expanded-height", "300"], .inTransit(translation: 100)),
  ])
  func statesAndTranslations(words: [String], state: CardStackState) throws {
    #expect(try parse(words).state == state)
  }

  @Test(arguments: [
    (["--card-height", "0"], "--card-height must be greater than 0, got 0"),
    (["--left-spacing", "-1"], "--left-spacing must not be negative, got -1"),
    (
      ["--collapsed-height", "800"],
      "--expanded-height (720) must be greater than --collapsed-height (800)"
    ),
    (["--card-offset", "wide"], "--card-offset takes a number, not \"wide\""),
    (["--card-offset", "inf"], "--card-offset takes a number, not \"inf\""),
    (
      ["--translation", "521"],
      "--translation must be between 0 and 520 (--expanded-height − --collapsed-height), got 521"
    ),
    (
      ["--state", "transit", "--translation", "-1"],
      "--translation must be between 0 and 520 (--expanded-height − --collapsed-height), got -1"
    ),
    (["--state", "expanded", "--translation", "10"], "--translation only applies to --state transit"),
    (["--state", "open"], "--state takes collapsed or expanded or transit, not \"open\""),
  ])
  func badValuesAreUsageErrorsNamingTheFlag(words: [String], message: String) {
    #expect(throws: UsageError(message)) { try parse(words) }
  }

  @Test func optionNamesFollowTheFieldNames() {
    #expect(StackOptions.optionName(for: "downwardThreshold") == "downward-threshold")
    #expect(StackOptions.optionName(for: "translation") == "translation")
  }
}
