import SQLCore
import SQLiteCore

/// The bundled `Migrations/*.sql` files as `Migration` values, named after their files without `.sql`.
///
/// Files are named `NNNN_<kind>_<what>.sql`, e.g. `0001_feed_item_create.sql` belongs to the `feed_item` plugin.
///
///     let mine = BundledMigrations.forKind("feed_item")   // [0001_feed_item_create, …]
public enum BundledMigrations {
  /// Every bundled migration, in name order.
  /// (Read straight from the file table: a `[String: Data]` dictionary costs a tenth of a short command's start.)
  public static let all: [Migration] = BundledFiles.all
    .filter { $0.path.hasPrefix(folder) && $0.path.hasSuffix(".sql") }
    .map { file in
      let name = String(file.path.dropFirst(folder.count).dropLast(4))
      return Migration(name: name, sql: String(decoding: file.data, as: UTF8.self))
    }
    .sorted { $0.name < $1.name }

  private static let folder = "Migrations/"

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
