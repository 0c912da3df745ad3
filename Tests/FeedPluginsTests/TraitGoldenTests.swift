import BuiltInPlugins
import StackLayout
import StackRender
import Testing

/// The reference feed laid out and drawn for more trait sets, pinned by golden files
/// (`Fixtures/goldens/reference-<traits>.<format>`, e.g. `reference-AX3-rtl-dark.svg`; record with
/// `STACKFEED_RECORD=1`): what `stackfeed render --format json|svg --content-size … --direction … --scheme …`
/// writes (StackfeedCLITests checks the command against these files). The default traits and the dark scheme
/// alone are CardGoldenTests' `reference-labelled` and `reference-dark`.
@Suite struct TraitGoldenTests {
  /// The trait sets pinned: the accessibility size and right to left alone, all three together at the size the
  /// gallery draws, and the smallest and largest sizes.
  static let sets: [Traits] = [
    Traits(contentSize: .accessibilityExtraLarge),
    Traits(direction: .rightToLeft),
    Traits(contentSize: .accessibilityExtraLarge, direction: .rightToLeft, scheme: .dark),
    Traits(contentSize: .extraSmall, direction: .rightToLeft, scheme: .light),
    Traits(contentSize: .accessibilityExtraExtraExtraLarge, direction: .leftToRight, scheme: .dark),
  ]

  /// The golden's name of `traits` in `format`: `reference-AX3-rtl-dark.svg`.
  static func name(_ traits: Traits, _ format: String) -> String {
    "reference-" + traits.name.split(separator: " ").joined(separator: "-") + "." + format
  }

  @Test(arguments: sets)
  func referenceFeedMatchesItsGoldens(_ traits: Traits) throws {
    let formats: Set = ["json", "svg"]
    for (format, renderer) in CardGoldenTests.renderers where formats.contains(format) {
      let output = try CardGoldenTests.render(.reference, with: renderer, traits: traits)
      golden.check(output, named: Self.name(traits, format))
    }
  }
}
