/// A user of the app: whom a feed is composed for (its header greets them, its order row is their latest order).
/// The user `default` is the one anonymous requests and `list` without `--user` see (`profile.json`'s person).
public struct User: Sendable, Hashable, Codable {
  /// Stable identifier, e.g. `default` or `u42`.
  public var id: String
  /// Given name, e.g. `Russell`.
  public var firstName: String
  /// Family name, e.g. `Warwick`.
  public var lastName: String

  /// The id of the user anonymous requests and commands without `--user` see.
  public static let defaultID = "default"

  /// Creates a user.
  public init(id: String, firstName: String, lastName: String) {
    self.id = id
    self.firstName = firstName
    self.lastName = lastName
  }
}
