/// `stackfeed migrate`: applies pending migrations and reports them.
struct MigrateCommand: Command {
  static let name = "migrate"
  static let summary = "applies pending migrations and reports them"
  static let usage = "stackfeed migrate [--db PATH]"
  static let help = "  (none besides the global options)"

  init(parsing arguments: inout Arguments) throws(UsageError) {}

  func run(in context: CommandContext) throws {
    let store = try context.openDatabase(bootstrap: false)
    let path = context.location.name
    if store.appliedMigrations.isEmpty {
      try context.output.write("\(path) is up to date\n")
    } else {
      for name in store.appliedMigrations { try context.output.write("applied \(name)\n") }
      try context.output.write("\(path) is up to date (\(store.appliedMigrations.count) migration(s) applied)\n")
    }
  }
}
