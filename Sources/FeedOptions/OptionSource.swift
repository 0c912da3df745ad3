/// Named option values as a user gave them: a command line's `--card-height 180` or a URL query's
/// `card-height=180`. Each option value of the package (``LayoutWidth``, ``PageLimit``, ``RenderFormat``,
/// `StackOptions`, …) has one parser over this, used by the commands and by the HTTP API alike; the source
/// spells the option's name in its messages and makes its own kind of error (a usage error, a 400 problem).
///
///     var arguments = Arguments(["--width", "320"])    // the CLI's source: names spelled `--width`
///     let width = try arguments.width()                // 320
public protocol OptionSource {
  /// The error a bad option value is, e.g. the CLI's usage error or the HTTP API's problem.
  associatedtype Failure: Error

  /// How users write the option called `name` (e.g. `card-height`): `--card-height` on a command line.
  func spelling(of name: String) -> String

  /// The error for a bad value of the option `name`, saying `message` (which names it as spelled).
  func failure(option name: String, _ message: String) -> Failure

  /// Takes the value of the option `name`; `nil` when absent. Throws when it is given twice or without a
  /// value.
  mutating func value(of name: String) throws(Failure) -> String?

  /// Takes the flag `name` (an option without a value); true when given.
  mutating func flag(named name: String) throws(Failure) -> Bool
}
