import FeedModels
import SQLCore

/// The `users` table (migration `0004_account_users`): who a feed can be composed for. Seeding, the generator,
/// the commands' `--user` and the API's tokens read and write users through this one type.
///
///     let users = Users(db)
///     guard let viewer = try users.find(id: "u42") else { … exit 67 … }
///     try users.insert([User(id: "u43", firstName: "Ada", lastName: "Byron")])
public struct Users {
  private enum SQL {
    static let find = "SELECT first_name, last_name FROM users WHERE id = $1"
    static let list = "SELECT id, first_name, last_name FROM users ORDER BY id"
    static let page = "SELECT id, first_name, last_name FROM users WHERE id > $1 ORDER BY id LIMIT $2"
    static let upsert = """
      INSERT INTO users (id, first_name, last_name) VALUES ($1, $2, $3)
      ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name
      WHERE users.first_name IS DISTINCT FROM excluded.first_name
        OR users.last_name IS DISTINCT FROM excluded.last_name
      """
    static let deleteAll = "DELETE FROM users"
  }

  private let db: StoreConnection

  /// The users of `db`.
  public init(_ db: StoreConnection) {
    self.db = db
  }

  /// The user whose id is `id`, or `nil` when there is none.
  public func find(id: String) throws -> User? {
    let query = Self.finding(id: id)
    return try db.queryOne(query.sql, query.arguments) { row in
      User(id: id, firstName: try row.string(at: 0), lastName: try row.string(at: 1))
    }
  }

  /// The statement ``find(id:)`` runs, to send ahead (``StoreConnection/sendAhead(_:)``).
  public static func finding(id: String) -> SQLQuery {
    SQLQuery(SQL.find, [.text(id)])
  }

  /// The user whose id is `id`; throws ``UnknownUser`` when there is none.
  public func require(id: String) throws -> User {
    guard let user = try find(id: id) else { throw UnknownUser(id: id) }
    return user
  }

  /// Every user, by id.
  public func list() throws -> [User] {
    try db.queryAll(SQL.list, [], Self.user)
  }

  /// Up to `limit` users by id after the id `after` (from the first when `nil`), and the `after` of the next page
  /// (`nil` on the last): paged by key, as `GET /v1/users` pages them.
  public func page(after: String?, limit: Int) throws -> (users: [User], next: String?) {
    let users = try db.queryAll(SQL.page, [.text(after ?? ""), .integer(Int64(limit) + 1)], Self.user)
    return (Array(users.prefix(limit)), users.count > limit ? users[limit - 1].id : nil)
  }

  /// The user of a row whose columns are id, first name, last name.
  private static func user(_ row: StoreRow) throws -> User {
    User(id: try row.string(at: 0), firstName: try row.string(at: 1), lastName: try row.string(at: 2))
  }

  /// Inserts `users`, or updates the names of those whose id exists, through one prepared statement (in the
  /// caller's transaction, when there is one).
  public func insert(_ users: some Sequence<User>) throws {
    let insert = try inserter()
    for user in users { try insert(user) }
  }

  /// What inserts one user (or updates the names of an existing id) per call, through one prepared statement:
  /// for a generator that writes each user's other rows between two users.
  public func inserter() throws -> Inserter {
    Inserter(statement: try db.prepare(SQL.upsert))
  }

  /// Inserts users through one prepared statement (``Users/inserter()``).
  public struct Inserter {
    fileprivate let statement: StoreStatement

    /// Inserts `user`, or updates the names of the existing user with its id.
    public func callAsFunction(_ user: User) throws {
      try statement.bind(user.id, at: 1)
      try statement.bind(user.firstName, at: 2)
      try statement.bind(user.lastName, at: 3)
      try statement.runBound()
    }
  }

  /// Deletes every user (`seed --reset`).
  public func deleteAll() throws {
    try db.execute(SQL.deleteAll)
  }
}
