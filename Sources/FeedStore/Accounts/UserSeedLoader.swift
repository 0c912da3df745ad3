import FeedModels

/// Reads `users.json` (`[{"id", "firstName", "lastName"}]`) and `profile.json` (`{"firstName", "lastName"}`: the
/// user `default`) into the `users` table. The ``Seeder`` runs it before every plugin's loader, whatever the
/// registry, so a plugin's records can name users (an order's `"user"`).
///
///     let users = try UserSeedLoader().validateSeed(files)   // [User(id: "default", …), User(id: "u1", …)]
public struct UserSeedLoader: SeedLoader {
  /// The file of the users.
  public static let usersFile = "users.json"
  /// The file of the user `default` (the single profile of the feed before there were users).
  public static let profileFile = "profile.json"

  /// Creates the loader.
  public init() {}

  /// `profile.json`, `users.json`.
  public var seedFiles: [String] { [Self.profileFile, Self.usersFile] }

  /// A user's names: free text up to 60 characters, not blank (the header shows them and their initials).
  public static let profileRules = RecordRules([
    .text("firstName", TextRule(maximumLength: 60)), .text("lastName", TextRule(maximumLength: 60)),
  ])
  /// A record of `users.json`: an id and the names.
  public static let userRules = RecordRules([.identifier()] + profileRules.fields)

  /// The users of `profile.json` (first, as `default`) and `users.json`, in file order; `nil` when neither file
  /// is present. Records follow ``profileRules`` and ``userRules``; ids are unique across both files.
  public func validateSeed(_ files: SeedFiles) throws(SeedError) -> [User]? {
    let profile = try files.object(Self.profileFile)
    var users: [User] = []
    if let profile {
      try Self.profileRules.check(profile)
      users.append(
        User(
          id: User.defaultID, firstName: try profile.string("firstName"), lastName: try profile.string("lastName")))
    }
    let listed = try files.models(Self.usersFile, checkedBy: Self.userRules) { id, record throws(SeedError) in
      if id == User.defaultID && profile != nil {
        throw record.error("id", "duplicate id \"\(id)\" (\(Self.profileFile) is the user \"\(id)\")")
      }
      return User(id: id, firstName: try record.string("firstName"), lastName: try record.string("lastName"))
    }
    if profile == nil && listed == nil { return nil }
    return users + (listed ?? [])
  }

  /// Upserts the users by id.
  public func writeSeed(_ seed: [User], to db: StoreConnection) throws {
    try Users(db).insert(seed)
  }

  /// Deletes every user.
  public func deleteAll(in db: StoreConnection) throws {
    try Users(db).deleteAll()
  }
}
