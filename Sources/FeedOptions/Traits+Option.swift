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
    (
      try traitChoice("content-size", of: ContentSizeCategory.self),
      try traitChoice("direction", of: LayoutDirection.self), try traitChoice("scheme", of: ColorScheme.self)
    )
  }

  /// Takes the trait options (``traitOptions()``) as one ``Traits``, each absent one at its default (`L`, `ltr`,
  /// `light`: today's output).
  public mutating func traits() throws(Failure) -> Traits {
    let given = try traitOptions()
    let standard = Traits.default
    return Traits(
      contentSize: given.contentSize ?? standard.contentSize, direction: given.direction ?? standard.direction,
      scheme: given.scheme ?? standard.scheme)
  }

  /// Takes the option `name`, one of `Value`'s raw values; `nil` when absent. The list of values is made only
  /// for the error: the HTTP API reads the three trait options on every request, for its answer's tag.
  private mutating func traitChoice<Value: RawRepresentable & CaseIterable>(_ name: String, of _: Value.Type)
    throws(Failure) -> Value? where Value.RawValue == String
  {
    guard let text = try value(of: name) else { return nil }
    if let value = Value(rawValue: text) { return value }
    throw failure(option: name, text, notAmong: Value.allCases.map { $0.rawValue })
  }
}
