import FeedModels
import FeedStore

/// Makes synthetic users, each with rows of every registered ``UserRowGenerator`` (orders, for the built-in
/// kinds): `stackfeed seed --generate N --kind user [--orders-per-user M]`. Fresh random UUID ids, names cycling
/// through a short list, everything in one write transaction through prepared statements.
///
///     try UserGenerator(registry: registry, rowsPerUser: 10).generate(100_000, in: db)
public struct UserGenerator {
  /// The `--kind` that names it (users are core accounts, not a row kind).
  public static let kind = "user"
  /// How many rows of each per-user kind a user gets unless told otherwise.
  public static let defaultRowsPerUser = 3
  /// How often `generate` reports progress, in users.
  public static let progressInterval = 10_000

  private static let firstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken"]
  private static let lastNames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson"]

  /// The plugins whose per-user rows each user gets.
  public let registry: PluginRegistry
  /// How many rows of each per-user kind each user gets.
  public let rowsPerUser: Int

  /// A generator for `registry`'s per-user kinds, `rowsPerUser` rows of each per user.
  public init(registry: PluginRegistry, rowsPerUser: Int = Self.defaultRowsPerUser) {
    self.registry = registry
    self.rowsPerUser = rowsPerUser
  }

  /// Appends `count` users with their rows in one write transaction (nested in the caller's, when there is one).
  /// `progress` gets the users written so far every ``progressInterval`` users and at the end.
  public func generate(_ count: Int, in db: StoreConnection, progress: (Int) -> Void = { _ in }) throws {
    try db.write {
      let insert = try Users(db).inserter()
      let writers = try registry.plugins.compactMap { try ($0 as? any UserRowGenerator)?.userRowWriter(in: db) }
      var ids = RandomIDs(.seeded)
      for index in 0..<count {
        let id = ids.uuid()
        let first = Self.firstNames[index % Self.firstNames.count]
        let last = Self.lastNames[(index / Self.firstNames.count) % Self.lastNames.count]
        try insert(User(id: id, firstName: first, lastName: last))
        for write in writers { try write(id, rowsPerUser) }
        if (index + 1) % Self.progressInterval == 0 { progress(index + 1) }
      }
      progress(count)
    }
  }
}
