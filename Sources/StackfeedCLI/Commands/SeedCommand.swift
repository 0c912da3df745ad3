import FeedOptions
import FeedPlugins
import FeedStore

/// `stackfeed seed [--from DIR | --no-reference] [--reset] [--generate N [--kind K]]`: migrates, then loads a
/// seed folder in one transaction, and/or appends rows made by a kind's generator (the stream kind's by
/// default). A seed that fails on a database this run creates leaves no file behind.
struct SeedCommand: Command {
  static let name = "seed"
  static let summary = "loads a seed folder (default: the bundled seeds) into the database in one transaction"
  static let usage =
    "stackfeed seed [--from DIR | --no-reference] [--reset] [--generate N [--kind K]] [--db PATH]"
  static let help = """
      --from DIR        the seed folder (profile.json, feed_items.json, products.json, orders.json); default:
                        the bundled reference seeds and any plugin's own, except with --generate on an
                        existing database
      --no-reference    load no folder (not even the bundled reference seeds)
      --reset           replace all data with the folder's, in the same transaction
      --generate N      append N synthetic rows after the existing ones (feed items, with random UUID ids);
                        on a new database, after the bundled reference seeds (unless --no-reference)
      --kind K          the row kind --generate makes (default: the stream kind, feed_item)
    """

  var folder: String?
  var noReference: Bool
  var reset: Bool
  var generate: Int?
  var kind: String?

  init(parsing arguments: inout Arguments) throws(UsageError) {
    folder = try arguments.option("--from")
    noReference = arguments.flag("--no-reference")
    if folder != nil && noReference { throw UsageError("--from and --no-reference exclude each other") }
    reset = arguments.flag("--reset")
    generate = try arguments.integer("generate", minimum: 0)
    kind = try arguments.option("--kind")
    if kind != nil && generate == nil { throw UsageError("--kind goes with --generate N") }
  }

  func run(in context: CommandContext) throws {
    var generator: (any RowGenerator)?
    if generate != nil {
      do {
        generator = try context.registry.generator(kind: kind)
      } catch {
        throw UsageError("--kind: \(error)")
      }
    }
    let location = context.location
    let created = location.dialect == .sqlite ? NewDatabaseFiles(database: location.path) : nil
    do {
      try seed(in: context, generator: generator)
    } catch {
      created?.remove()
      throw error
    }
  }

  /// Seeds; the database is closed when this returns or throws.
  private func seed(in context: CommandContext, generator: (any RowGenerator)?) throws {
    let given: SeedFolder? = if let folder { try SeedFolder.read(at: folder) } else { nil }
    let seeder = Seeder(registry: context.registry)
    // Validated before the database is opened: a refused folder leaves no new file, and no tables in a new
    // PostgreSQL database.
    let validated = try given.map { try seeder.validate(SeedFiles($0.files)) }
    let store = try context.openDatabase(bootstrap: false)
    let database = store.database
    let files =
      given ?? (noReference || (generate != nil && !store.wasCreated) ? nil : context.registry.defaultSeedFolder)
    let progress = ProgressLine(errors: context.errors, total: generate ?? 0, rows: generator?.generatedRowsName ?? "")
    // One seed at a time, as on SQLite (whose write transaction is BEGIN IMMEDIATE): on PostgreSQL the migration
    // lock keeps two seeds from interleaving (generated rows continue after the feed's last position).
    let report = try database.migrating {
      var report: SeedReport?
      if let files {
        report = try (validated ?? seeder.validate(SeedFiles(files.files))).write(into: database, reset: reset)
      } else if reset {
        try seeder.seed(SeedFiles([:]), into: database, reset: true)
      }
      if let generate, let generator {
        try generator.generate(generate, in: database) { done in progress.show(done) }
      }
      return report
    }
    progress.finish()
    for warning in report?.warnings ?? [] { try context.note("warning: \(warning)") }
    if let files, let report {
      if report.loadedFiles.isEmpty {
        let known = context.registry.seedFiles.sorted().joined(separator: ", ")
        try context.note("warning: \(files.location) has none of the seed files (\(known)): nothing was loaded")
      }
      let loaded = report.loadedFiles.isEmpty ? "no seed files" : report.loadedFiles.joined(separator: ", ")
      try context.output.write("seeded \(loaded) from \(files.location)\(reset ? " (after a reset)" : "")\n")
    } else if reset {
      try context.output.write("reset the database\n")
    } else if generate == nil {
      try context.output.write("loaded nothing into \(context.location.name) (--no-reference)\n")
    }
    if let generate, let generator {
      try context.output.write("generated \(generate) \(generator.generatedRowsName)\n")
    }
  }
}
