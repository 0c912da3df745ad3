import SQLCore

/// The bundled migration files as `Migration` values, named after their files without `.sql`: the SQLite script
/// is `Migrations/NNNN_<kind>_<what>.sql`, the PostgreSQL script the file of the same name in
/// `Migrations/postgres/`.
///
/// Files are named `NNNN_<kind>_<what>.sql`, e.g. `0001_feed_item_create.sql` belongs to the `feed_item` plugin.
///
///     let mine = BundledMigrations.forKind("feed_item")   // [0001_feed_item_create, …]
public enum BundledMigrations {
  /// Every bundled migration, in name order.
  /// (Read straight from the file table: a `[String: Data]` dictionary costs a tenth of a short command's start.)
  public static let all: [Migration] = {
    let sqlite = scripts(in: "Migrations/")
    let postgres = scripts(in: "Migrations/postgres/")
    return Set(sqlite.keys).union(postgres.keys).sorted().map { name in
      Migration(name: name, sqlite: sqlite[name], postgres: postgres[name])
    }
  }()

  /// The `.sql` files directly in `folder`, by name without `.sql`.
  private static func scripts(in folder: String) -> [String: String] {
    var scripts: [String: String] = [:]
    for file in BundledFiles.all where file.path.hasPrefix(folder) && file.path.hasSuffix(".sql") {
      let name = file.path.dropFirst(folder.count).dropLast(4)
      guard !name.contains("/") else { continue }
      scripts[String(name)] = String(decoding: file.data, as: UTF8.self)
    }
    return scripts
  }

  /// The migrations of one plugin kind among `migrations` (the bundled ones by default): those named
  /// `NNNN_<kind>_…`, in name order. A kind must not be another kind followed by `_` (`order` and `order_note`
  /// would both claim `NNNN_order_note_…`): `PluginRegistry` refuses such pairs at start-up, so every file has
  /// at most one owner.
  public static func forKind(_ kind: String, in migrations: [Migration] = all) -> [Migration] {
    migrations.filter { migration in
      guard let separator = migration.name.firstIndex(of: "_") else { return false }
      return migration.name[migration.name.index(after: separator)...].hasPrefix(kind + "_")
    }
  }
}
