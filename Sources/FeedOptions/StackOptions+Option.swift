import CardStack
import StackRender

extension StackOptions {
  /// The names of the options that set a stack (``OptionSource/stackOptions()``): `state`, `translation`,
  /// `own-height` and one per configuration field, e.g. `card-height`.
  public static let optionNames =
    ["state", "translation", "own-height"] + CardStackConfiguration.fieldNames.map(optionName(for:))

  /// The option that sets a configuration field: `cardHeight` → `card-height`.
  public static func optionName(for field: String) -> String {
    field.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
  }
}

extension CardStackConfiguration {
  /// The configuration's fields, in the order its initialiser takes them.
  fileprivate static let fieldNames = [
    "cardOffset", "collapsedHeight", "expandedHeight", "cardHeight", "downwardThreshold", "upwardThreshold",
    "leftSpacing", "rightSpacing", "verticalSpacing",
  ]
}

extension OptionSource {
  /// Takes the card-stack options (``StackOptions/optionNames``): each configuration field (default: the
  /// CardsStack example's), `state` (`collapsed`, `expanded` or `transit`; `translation` alone means transit),
  /// `translation` (default half the way) and the flag `own-height`. A refused configuration or translation
  /// is an error naming the option.
  ///
  ///     var arguments = Arguments(["--state", "transit", "--translation", "130", "--card-offset", "30"])
  ///     let options = try arguments.stackOptions()
  ///     options.state            // .inTransit(translation: 130)
  ///     options.configuration    // the example configuration with cardOffset 30
  public mutating func stackOptions() throws(Failure) -> StackOptions {
    let example = CardStackConfiguration.example
    var fields: [Double] = []
    for (field, standard) in zip(CardStackConfiguration.fieldNames, example.fieldValues) {
      fields.append(try number(StackOptions.optionName(for: field)) ?? standard)
    }
    let configuration: CardStackConfiguration
    do {
      configuration = try CardStackConfiguration(
        cardOffset: fields[0], collapsedHeight: fields[1], expandedHeight: fields[2], cardHeight: fields[3],
        downwardThreshold: fields[4], upwardThreshold: fields[5], leftSpacing: fields[6], rightSpacing: fields[7],
        verticalSpacing: fields[8])
    } catch {
      throw stackFailure(error)
    }
    let stateName = try choice("state", among: ["collapsed", "expanded", "transit"])
    let translation = try number("translation")
    let state: CardStackState
    switch (stateName, translation) {
    case ("collapsed", .some), ("expanded", .some):
      throw failure(
        option: "translation", "\(spelling(of: "translation")) only applies to \(spelling(of: "state")) transit")
    case ("collapsed", nil), (nil, nil):
      state = .collapsed
    case ("expanded", nil):
      state = .expanded
    default:
      do {
        state = try configuration.transit(translation: translation ?? configuration.maximumTranslation / 2)
      } catch {
        throw stackFailure(error)
      }
    }
    return StackOptions(configuration: configuration, state: state, ownHeight: try flag(named: "own-height"))
  }

  /// A refused configuration or translation as an error naming the option of the field at fault.
  private func stackFailure(_ error: CardStackError) -> Failure {
    let name = { (field: String) in spelling(of: StackOptions.optionName(for: field)) }
    return failure(option: StackOptions.optionName(for: error.field), error.message(naming: name))
  }
}

extension CardStackConfiguration {
  /// The fields' values, in the order of ``fieldNames``.
  fileprivate var fieldValues: [Double] {
    [
      cardOffset, collapsedHeight, expandedHeight, cardHeight, downwardThreshold, upwardThreshold, leftSpacing,
      rightSpacing, verticalSpacing,
    ]
  }
}
