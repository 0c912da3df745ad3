/// The signed-in user, shown in the feed's header row.
public struct Profile: Sendable, Hashable, Codable {
  /// Given name, e.g. `Russell`.
  public var firstName: String
  /// Family name, e.g. `Warwick`.
  public var lastName: String

  /// Creates a profile.
  public init(firstName: String, lastName: String) {
    self.firstName = firstName
    self.lastName = lastName
  }
}
