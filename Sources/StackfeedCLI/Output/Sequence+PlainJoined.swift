extension Sequence<String> {
  /// `joined(separator:)` as a loop this module compiles for its own types. The standard library's version is
  /// generic code that resolves its associated types through the runtime the first time it runs: about 0.17 M
  /// instructions, a few percent of a short command such as a 20-row `list` (docs/BENCHMARKS.md, "Start-up").
  func plainJoined(separator: String) -> String {
    var text = ""
    var first = true
    for part in self {
      if !first { text += separator }
      text += part
      first = false
    }
    return text
  }
}
