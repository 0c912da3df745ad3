import FeedOptions
import FeedPlugins
import FeedStore

/// `stackfeed seed [--from DIR | --no-reference] [--reset] [--generate N [--kind K]]`: migrates, then loads a
/// seed folder in one transaction, and/or appends rows made by a kind's generator (the stream kind's by
/// default), or users with their orders (`--kind user`). A seed that fails on a database this run creates
/// leaves no file behind.
struct SeedCommand: Command {
  static let name = "seed"
  static let summary = "loads a seed folder (default: the bundled seeds) into the database in one transaction"
  static let usage =
    "stackfeed seed [--from DIR | --no-reference] [--reset] [--generate N [--kind K] [--orders-per-user M]] "
    + "[--db PATH]"
  static let help = """
      --from DIR        the seed folder (users.json, profile.json, feed_items.json, products.json,
                        orders.json); default:
                        the bundled reference seeds and any plugin's own, except with --generate on an
                        existing database
      --no-reference    load no folder (not even the bundled reference seeds)
      --reset           replace all data with the folder's, in the same transaction
      --generate N      append N synthetic rows after the existing ones (feed items, with random UUID ids);
                        on a new database, after the bundled reference seeds (unless --no-reference)
      --kind K          the row kind --generate makes (default: the stream kind, feed_item), or user: N
                        users (random UUID ids), each with orders of the existing products
      --orders-per-user M
                        with --kind user: the orders each user gets (default 3; 0 for none)
    """

  var folder: String?
  var noReference: Bool
  var reset: Bool
  var generate: Int?
  var kind: String?
  var ordersPerUser: Int?

  init(parsing arguments: inout Arguments) throws(UsageError) {
    folder = try arguments.option("--from")
    noReference = arguments.flag("--no-reference")
    if folder != nil && noReference { throw UsageError("--from and --no-reference exclude each other") }
    reset = arguments.flag("--reset")
    generate = try arguments.integer("generate", minimum: 0)
    kind = try arguments.option("--kind")
    if kind != nil && generate == nil { throw UsageError("--kind goes with --generate N") }
    ordersPerUser = try arguments.integer("orders-per-user", minimum: 0)
    if ordersPerUser != nil && kind != UserGenerator.kind {
      throw UsageError("--orders-per-user goes with --generate N --kind user")
    }
  }

  func run(in context: CommandContext) throws {
    var generator: Generator?
    if generate != nil {
      do {
        generator = try Generator(kind: kind, registry: context.registry, ordersPerUser: ordersPerUser)
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
  private func seed(in context: CommandContext, generator: Generator?) throws {
    let given: SeedFolder? = if let folder { try SeedFolder.read(at: folder) } else { nil }
    let seeder = Seeder(registry: context.registry)
    // Validated before the database is opened: a refused folder leaves no new file, and no tables in a new
    // PostgreSQL database.
    let validated = try given.map { try seeder.validate(SeedFiles($0.files)) }
    let store = try context.openDatabase(bootstrap: false)
    let database = store.database
    let files =
      given ?? (noReference || (generate != nil && !store.wasCreated) ? nil : context.registry.defaultSeedFolder)
    let progress = ProgressLine(errors: context.errors, total: generate ?? 0, rows: generator?.rowsName ?? "")
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
        try generator.generate(generate, database) { done in progress.show(done) }
        try ChangeLog.record([.reload], in: database)  // generated rows anywhere in feeds: clients fetch again
      }
      return report
    }
    progress.finish()
    for warning in report?.warnings ?? [] { try context.note("warning: \(warning)") }
    if let files, let report {
      let images = report.images == 0 ? [] : ["\(report.images) image\(report.images == 1 ? "" : "s")"]
      if report.loadedFiles.isEmpty && images.isEmpty {
        let known = context.registry.seedFiles.sorted().joined(separator: ", ")
        try context.note("warning: \(files.location) has none of the seed files (\(known)): nothing was loaded")
      }
      let loaded =
        (report.loadedFiles + images).isEmpty ? "no seed files" : (report.loadedFiles + images).joined(separator: ", ")
      try context.output.write("seeded \(loaded) from \(files.location)\(reset ? " (after a reset)" : "")\n")
    } else if reset {
      try context.output.write("reset the database\n")
    } else if generate == nil {
      try context.output.write("loaded nothing into \(context.location.name) (--no-reference)\n")
    }
    if let generate, let generator {
      try context.output.write("generated \(generate) \(generator.rowsName)\(generator.detail)\n")
    }
  }
}

/// What `seed --generate N` makes: a kind's rows (``RowGenerator``), or users with their orders
/// (``UserGenerator``, `--kind user`).
private struct Generator {
  /// The generated rows in messages, plural: `feed items`, `users`.
  let rowsName: String
  /// What follows the count in the final message: ` (3 orders each)` for users.
  let detail: String
  /// Appends `count` rows to the database, reporting progress.
  let generate: (_ count: Int, _ db: StoreConnection, _ progress: (Int) -> Void) throws -> Void

  /// The generator of `kind` (the stream kind's when `nil`; users for `user`) in `registry`.
  init(kind: String?, registry: PluginRegistry, ordersPerUser: Int?) throws(PluginRegistryError) {
    if kind == UserGenerator.kind {
      let users = UserGenerator(registry: registry, rowsPerUser: ordersPerUser ?? UserGenerator.defaultRowsPerUser)
      rowsName = "users"
      detail = " (\(users.rowsPerUser) orders each)"
      generate = { count, db, progress in try users.generate(count, in: db, progress: progress) }
    } else {
      let generator = try registry.generator(kind: kind)
      rowsName = generator.generatedRowsName
      detail = ""
      generate = { count, db, progress in try generator.generate(count, in: db, progress: progress) }
    }
  }
}
