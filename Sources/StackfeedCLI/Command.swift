/// One `stackfeed` subcommand, as a value: parsed (and validated) from its arguments, then run.
///
/// Adding a command is one file with a type conforming to `Command` and one line in
/// ``CommandRegistry/commands``:
///
///     struct RenderCommand: Command {
///       static let name = "render"
///       static let summary = "lays out every row's card and writes it"
///       static let usage = "stackfeed render [--format json|svg|html|text] [--width W] [--time-zone ZONE]"
///       static let help = "  --width W   the card width in points (default 390)"
///       var width = 390.0
///       init(parsing arguments: inout Arguments) throws(UsageError) {
///         width = try arguments.width() ?? 390   // FeedOptions: the option every command and route shares
///       }
///       func run(in context: CommandContext) throws {
///         let db = try context.openDatabase(bootstrap: true)
///         …
///         try context.output.write("…")
///       }
///     }
public protocol Command: Sendable {
  /// The word after `stackfeed`, e.g. `list`.
  static var name: String { get }
  /// One line for the command list in `stackfeed --help`.
  static var summary: String { get }
  /// The synopsis, e.g. `stackfeed list [--format text|json] …`.
  static var usage: String { get }
  /// The options, one per line, for `stackfeed <name> --help` (global options are added by the runner).
  static var help: String { get }
  /// Whether the command works on the database, i.e. takes `--db` (default: true).
  static var usesDatabase: Bool { get }

  /// Parses and validates the command's own arguments (the global `--db` and `--help` are already taken);
  /// takes what it knows from `arguments` (the runner rejects what is left).
  init(parsing arguments: inout Arguments) throws(UsageError)

  /// Runs the command. Throw the domain errors; the runner maps them to a message and an exit code.
  func run(in context: CommandContext) throws
}

extension Command {
  /// Most commands work on the database.
  public static var usesDatabase: Bool { true }
}
