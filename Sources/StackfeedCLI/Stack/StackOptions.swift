import CardStack

/// The `render --mode stack` options: the stack's configuration, its state and the container width.
///
///     var arguments = Arguments(["--state", "transit", "--translation", "130", "--card-offset", "30"])
///     let options = try StackOptions(parsing: &arguments)
///     options.state            // .inTransit(translation: 130)
///     options.configuration    // the example configuration with cardOffset 30
struct StackOptions: Sendable, Equatable {
  /// The `--help` lines for the stack options.
  static let help = """
      --mode stack        the feed as a CardsStack-style stack of cards (below); default: one row under another
      --state collapsed|expanded|transit
                          the stack's state (default collapsed; --translation alone means transit)
      --translation T     transit only: how far the container has grown, 0 … expanded − collapsed height
                          (default half of that)
      --own-height        lay out each card at its own fitted height instead of the stack's card height
      --card-offset N --collapsed-height N --expanded-height N --card-height N --downward-threshold N
      --upward-threshold N --left-spacing N --right-spacing N --vertical-spacing N
                          the stack's configuration in points (defaults: the CardsStack example app's
                          40, 200, 720, 200, 20, 20, 8, 8, 8)
    """

  /// Validated configuration from the flags, defaulting to ``CardStackConfiguration/example``.
  var configuration: CardStackConfiguration
  /// The state to lay out.
  var state: CardStackState
  /// Whether each card keeps its own fitted height (`--own-height`) rather than `cardHeight`.
  var ownHeight: Bool

  /// Takes the stack options out of `arguments` (the width stays with the render command).
  init(parsing arguments: inout Arguments) throws(UsageError) {
    let example = CardStackConfiguration.example
    let cardOffset = try arguments.number("--card-offset") ?? example.cardOffset
    let collapsedHeight = try arguments.number("--collapsed-height") ?? example.collapsedHeight
    let expandedHeight = try arguments.number("--expanded-height") ?? example.expandedHeight
    let cardHeight = try arguments.number("--card-height") ?? example.cardHeight
    let downwardThreshold = try arguments.number("--downward-threshold") ?? example.downwardThreshold
    let upwardThreshold = try arguments.number("--upward-threshold") ?? example.upwardThreshold
    let leftSpacing = try arguments.number("--left-spacing") ?? example.leftSpacing
    let rightSpacing = try arguments.number("--right-spacing") ?? example.rightSpacing
    let verticalSpacing = try arguments.number("--vertical-spacing") ?? example.verticalSpacing
    do {
      configuration = try CardStackConfiguration(
        cardOffset: cardOffset, collapsedHeight: collapsedHeight, expandedHeight: expandedHeight,
        cardHeight: cardHeight, downwardThreshold: downwardThreshold, upwardThreshold: upwardThreshold,
        leftSpacing: leftSpacing, rightSpacing: rightSpacing, verticalSpacing: verticalSpacing)
    } catch {
      throw UsageError(error.message(naming: Self.flag(for:)))
    }
    let stateName = try arguments.choice("--state", among: ["collapsed", "expanded", "transit"])
    let translation = try arguments.number("--translation")
    switch (stateName, translation) {
    case ("collapsed", .some), ("expanded", .some):
      throw UsageError("--translation only applies to --state transit")
    case ("collapsed", nil), (nil, nil):
      state = .collapsed
    case ("expanded", nil):
      state = .expanded
    default:
      do {
        state = try configuration.transit(translation: translation ?? configuration.maximumTranslation / 2)
      } catch {
        throw UsageError(error.message(naming: Self.flag(for:)))
      }
    }
    ownHeight = arguments.flag("--own-height")
  }

  /// Every flag the stack options take, e.g. `--state`, `--card-height`.
  static let flags =
    ["--state", "--translation", "--own-height"]
    + [
      "cardOffset", "collapsedHeight", "expandedHeight", "cardHeight", "downwardThreshold", "upwardThreshold",
      "leftSpacing", "rightSpacing", "verticalSpacing",
    ].map(flag(for:))

  /// The flag that sets a configuration field: `cardHeight` → `--card-height`.
  static func flag(for field: String) -> String {
    "--" + field.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
  }
}

extension Arguments {
  /// Takes `name N` as a finite decimal number; `nil` when absent.
  mutating func number(_ name: String) throws(UsageError) -> Double? {
    guard let text = try option(name) else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw UsageError("\(name) takes a number, not \"\(text)\"")
    }
    return value
  }
}
