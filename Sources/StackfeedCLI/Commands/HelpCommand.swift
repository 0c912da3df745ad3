/// `stackfeed help [COMMAND]`: the command list, or one command's usage and options (as `COMMAND --help`).
struct HelpCommand: Command {
  static let name = "help"
  static let summary = "shows the commands, or one command's options"
  static let usage = "stackfeed help [COMMAND]"
  static let help =
    "  COMMAND    the command to describe: \(CommandRegistry.commands.map { $0.name }.joined(separator: ", "))"
  static let usesDatabase = false

  /// The command to describe; nil lists them all.
  var command: (any Command.Type)?

  init(parsing arguments: inout Arguments) throws(UsageError) {
    guard var name = arguments.positional() else { return }
    if CommandRegistry.command(named: name) == nil, let word = arguments.positional() { name += " " + word }
    guard let command = CommandRegistry.command(named: name) else {
      throw UsageError("unknown command \"\(name)\"")
    }
    self.command = command
  }

  func run(in context: CommandContext) throws {
    try context.output.write(command.map(Stackfeed.help(for:)) ?? Stackfeed.overview())
  }
}
