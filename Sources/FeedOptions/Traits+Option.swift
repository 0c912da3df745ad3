import StackLayout

extension OptionSource {
  /// Takes the trait options `content-size` (`xS` … `AX5`), `direction` (`ltr`, `rtl`) and `scheme` (`light`,
  /// `dark`), each `nil` when absent: a command narrows its matrix with them (`gallery`), the others lay out for
  /// ``traits()``. A bad value is an error naming the option and listing the values it takes.
  ///
  ///     var arguments = Arguments(["--content-size", "AX3", "--direction", "rtl"])
  ///     let given = try arguments.traitOptions()   // (.accessibilityExtraLarge, .rightToLeft, nil)
  public mutating func traitOptions() throws(Failure) -> (
    contentSize: ContentSizeCategory?, direction: LayoutDirection?, scheme: ColorScheme?
  ) {
    let given = try traitValues(systemScheme: false)
    return (given.contentSize, given.direction, given.scheme.flatMap(ColorScheme.init(rawValue:)))
  }

  /// Takes the trait options (``traitOptions()``) as one ``Traits``, each absent one at its default (`L`, `ltr`,
  /// `light`: today's output).
  public mutating func traits() throws(Failure) -> Traits {
    try traits(allowingSystemScheme: false).traits
  }

  /// Takes the trait options as ``traits()`` does; when `allowed` (an HTML page, which can carry both colours of
  /// every pair), `scheme` may also be ``SystemScheme/name``: the page then follows the browser's colour scheme
  /// (`followsSystemScheme`), and the traits have the light one (layout does not depend on the scheme).
  public mutating func traits(allowingSystemScheme allowed: Bool) throws(Failure) -> (
    traits: Traits, followsSystemScheme: Bool
  ) {
    let given = try traitValues(systemScheme: allowed)
    let standard = Traits.default
    let traits = Traits(
      contentSize: given.contentSize ?? standard.contentSize, direction: given.direction ?? standard.direction,
      scheme: given.scheme.flatMap(ColorScheme.init(rawValue:)) ?? standard.scheme)
    return (traits, given.scheme == SystemScheme.name)
  }

  /// The trait options as given; `scheme` by name, `system` among its values when `systemScheme`.
  private mutating func traitValues(systemScheme: Bool) throws(Failure) -> (
    contentSize: ContentSizeCategory?, direction: LayoutDirection?, scheme: String?
  ) {
    let contentSize = try traitChoice("content-size", of: ContentSizeCategory.self)
    let direction = try traitChoice("direction", of: LayoutDirection.self)
    let schemes = ColorScheme.allCases.map(\.rawValue) + (systemScheme ? [SystemScheme.name] : [])
    return (contentSize, direction, try choice("scheme", among: schemes))
  }

  /// Takes the option `name`, one of `Value`'s raw values; `nil` when absent.
  private mutating func traitChoice<Value: RawRepresentable & CaseIterable>(_ name: String, of _: Value.Type)
    throws(Failure) -> Value? where Value.RawValue == String
  {
    try choice(name, among: Value.allCases.map(\.rawValue)).flatMap(Value.init(rawValue:))
  }
}

/// `scheme=system`: an HTML page that follows the browser's colour scheme (`/v1/render?format=html`, whose rows
/// the `/` page shows, and `render --format html --scheme system`).
public enum SystemScheme {
  /// The value, `system`.
  public static let name = "system"
}
