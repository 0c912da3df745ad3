import BuiltInPlugins
import FeedPlugins

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `stackfeed` command line: finds the command, parses it, runs it, and maps errors to exit codes.
///
/// An executable that adds its own row kinds to the built-in ones is one line:
///
///     Stackfeed.main(plugins: [BannerPlugin()])
public enum Stackfeed {
  /// This build's version, printed by `stackfeed --version`.
  public static let version = "0.1.0"

  /// The global options, described in every help text; `--db` (all its lines) only for commands that use a
  /// database.
  static func globalHelp(database: Bool = true) -> String {
    let databaseOption = """
        --db PATH     the database file; else $STACKFEED_DB, else $XDG_DATA_HOME/stackfeed/stackfeed.sqlite
                      (~/.local/share/stackfeed/stackfeed.sqlite when XDG_DATA_HOME is unset);
                      a postgres:// or postgresql:// URL for a PostgreSQL database
      """
    let options = """
        -h, --help    show help for the command (also: stackfeed help COMMAND)
        --version     print stackfeed's version
      """
    return "Global options:\n" + (database ? databaseOption + "\n" : "") + options
  }

  /// Runs this process's command line with the built-in row kinds plus `plugins`, then exits with the command's
  /// code. Plugins that cannot work together (a repeated kind, seed file or migration, an ambiguous kind, two
  /// streams) stop it at start-up with one sentence on stderr and exit 70.
  public static func main(plugins: [any RowPlugin]) -> Never {
    exit(main(arguments: CommandLine.arguments, plugins: plugins))
  }

  /// Runs the command line `arguments` (the first is the program name) with the built-in row kinds plus
  /// `plugins` and returns the exit code (70 when the plugins cannot work together).
  public static func main(
    arguments: [String], environment: [String: String] = Stackfeed.processEnvironment(), plugins: [any RowPlugin]
  ) -> Int32 {
    main(arguments: arguments, environment: environment, plugins: plugins, errors: Output(descriptor: STDERR_FILENO))
  }

  /// ``main(arguments:environment:plugins:)`` writing the start-up error to `errors`.
  static func main(
    arguments: [String], environment: [String: String], plugins: [any RowPlugin], errors: Output
  ) -> Int32 {
    let registry: PluginRegistry
    do {
      registry = try PluginRegistry(PluginRegistry.builtInPlugins + plugins)
    } catch {
      try? errors.write("stackfeed: the row plugins cannot work together: \(error)\n")
      try? errors.flush()
      return ExitCode.software
    }
    return main(arguments, environment: environment, registry: registry)
  }

  /// Runs the command line `arguments` (the first is the program name) and returns the exit code.
  /// Ignores `SIGPIPE` so a closed pipe is an `EPIPE` write error that ends the command quietly.
  public static func main(
    _ arguments: [String], environment: [String: String] = Stackfeed.processEnvironment(),
    registry: PluginRegistry
  ) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let output = Output(descriptor: STDOUT_FILENO)
    let errors = Output(descriptor: STDERR_FILENO)
    var command: (any Command.Type)?
    var code = ExitCode.ok
    var databasePath: String?
    do {
      var rest = Arguments(Array(arguments.dropFirst()))
      let wantsHelp = rest.flag("--help") || rest.flag("-h")
      let wantsVersion = rest.flag("--version")
      let database = try rest.option("--db")
      command = try findCommand(&rest, wantsHelp: wantsHelp || wantsVersion)
      if wantsVersion {
        try output.write("stackfeed \(version)\n")
      } else if let command {
        if wantsHelp {
          try output.write(help(for: command))
        } else {
          if database != nil && !command.usesDatabase {
            throw UsageError("--db does not apply: \(command.name) uses no database")
          }
          let parsed = try command.init(parsing: &rest)
          try rest.finish()
          let context = CommandContext(
            environment: environment, databaseOption: database, output: output, errors: errors, registry: registry,
            program: arguments.first ?? "stackfeed")
          databasePath = context.location.name
          try parsed.run(in: context)
        }
      } else {
        try output.write(overview())
      }
      try output.flush()
    } catch {
      let (exit, message) = ExitCode.describe(error, database: databasePath)
      code = exit
      if let message {
        var text = "stackfeed: \(message)\n"
        if exit == ExitCode.usage { text += "usage: \(command?.usage ?? "stackfeed <command> [options]")\n" }
        try? errors.write(text)
      }
    }
    try? errors.flush()
    return code
  }

  private static func findCommand(_ arguments: inout Arguments, wantsHelp: Bool) throws -> (any Command.Type)? {
    guard let name = arguments.remaining.first else {
      if wantsHelp { return nil }
      // A group (`token create`, `token list`, …) is named once, by its first word.
      var words: [Substring] = []
      for command in CommandRegistry.commands {
        let word = command.name.prefix { $0 != " " }
        if !words.contains(word) { words.append(word) }
      }
      throw UsageError("a command is needed: \(words.joined(separator: ", "))")
    }
    guard !name.hasPrefix("-") else { throw UsageError("unknown option \(name) (the command comes first)") }
    _ = arguments.positional()
    if let command = CommandRegistry.command(named: name) { return command }
    // A group of commands (`token create`, `token list`, …): the next word names one.
    let group = CommandRegistry.commands.filter { $0.name.hasPrefix(name + " ") }
    guard !group.isEmpty else { throw UsageError("unknown command \"\(name)\"") }
    if let word = arguments.remaining.first, let command = CommandRegistry.command(named: name + " " + word) {
      _ = arguments.positional()
      return command
    }
    if wantsHelp && arguments.remaining.first.map({ $0.hasPrefix("-") }) != false { return nil }
    let words = group.map { $0.name.dropFirst(name.count + 1) }.joined(separator: ", ")
    throw UsageError("\(name) takes one of: \(words)\(arguments.remaining.first.map { ", not \"\($0)\"" } ?? "")")
  }

  /// `stackfeed <name> --help`.
  static func help(for command: any Command.Type) -> String {
    "usage: \(command.usage)\n\n\(command.summary)\n\nOptions:\n\(command.help)\n\n"
      + "\(globalHelp(database: command.usesDatabase))\n"
  }

  /// `stackfeed --help`: the commands and the global options.
  static func overview() -> String {
    let width = CommandRegistry.commands.map { $0.name.count }.max() ?? 0
    let lines = CommandRegistry.commands.map { command in
      "  " + command.name + String(repeating: " ", count: width + 2 - command.name.count) + command.summary
    }
    return "usage: stackfeed <command> [options]\n\nCommands:\n\(lines.joined(separator: "\n"))\n\n\(globalHelp())\n"
      + "\nRun stackfeed help <command> (or stackfeed <command> --help) for a command's options.\n"
  }
}
