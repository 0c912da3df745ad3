import StackRender

extension OptionSource {
  /// Takes the option `format`, one of `formats` (by their names); `nil` when absent.
  public mutating func renderFormat(among formats: [RenderFormat] = RenderFormat.allCases) throws(Failure)
    -> RenderFormat?
  {
    try choice("format", among: formats.map(\.rawValue)).flatMap(RenderFormat.init(rawValue:))
  }
}
