import SQLCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What one owner — the core accounts or a row kind — ships in a bundle, each in folders of its own: its
/// migrations (`Migrations/<owner>/NNNN_<owner>_<what>.sql` for SQLite, the file of the same name in
/// `Migrations/<owner>/postgres/` for PostgreSQL) and its seed files (`Seeds/<owner>/`, a flat seed folder's files).
///
///     let mine = BundledFiles(stackfeed_built_in_plugins_bundle).owned(by: "feed_item")
///     mine.migrations   // [0002_feed_item_create]
///     mine.seeds        // ["feed_items.json": …]
public struct OwnedFiles: Sendable {
  /// The owner's folder name: a row kind, or ``BundledFiles/accountsOwner``.
  public let owner: String
  /// The migrations, in name order, named after their files without `.sql` (a migration with a file in one
  /// dialect's folder only has no script for the other).
  public let migrations: [Migration]
  /// The seed files, by file name (those of `Seeds/<owner>/images/` as `images/NAME`).
  public let seeds: [String: Data]
}

extension BundledFiles {
  /// The owner of the core accounts' files (the `users`, `tokens` and `idempotency_keys` tables, the user
  /// `default`): `account`, also the `<plugin>` of their migrations' names (`0004_account_users`).
  public static let accountsOwner = "account"

  /// The core accounts' files: `Migrations/account/` and `Seeds/account/profile.json`.
  public static let accounts = core.owned(by: accountsOwner)

  /// The files `owner` ships in this bundle.
  public func owned(by owner: String) -> OwnedFiles {
    // Read from the file table: a `[String: Data]` dictionary of every file costs a tenth of a short command's start.
    let sqlite = scripts(in: "Migrations/\(owner)/")
    let postgres = scripts(in: "Migrations/\(owner)/postgres/")
    let migrations = Set(sqlite.keys).union(postgres.keys).sorted().map { name in
      Migration(name: name, sqlite: sqlite[name], postgres: postgres[name])
    }
    var seeds = files(in: "Seeds/\(owner)")
    for (name, data) in files(in: "Seeds/\(owner)/images") { seeds[ImageSeedLoader.folder + name] = data }
    return OwnedFiles(owner: owner, migrations: migrations, seeds: seeds)
  }

  /// The `.sql` files directly in `folder`, by name without `.sql`.
  private func scripts(in folder: String) -> [String: String] {
    var scripts: [String: String] = [:]
    for file in all where file.path.hasPrefix(folder) && file.path.hasSuffix(".sql") {
      let name = file.path.dropFirst(folder.count).dropLast(4)
      guard !name.contains("/") else { continue }
      scripts[String(name)] = String(decoding: file.data, as: UTF8.self)
    }
    return scripts
  }
}
