/// A user id that is not in the `users` table, where a user must exist (`list --user`, exit 67).
///
///     there is no user "ada"
public struct UnknownUser: Error, Sendable, Hashable, CustomStringConvertible {
  /// The id asked for.
  public var id: String

  /// An error about the id `id`.
  public init(id: String) {
    self.id = id
  }

  /// `there is no user "ada"` (the caller adds where it looked).
  public var description: String { "there is no user \"\(id)\"" }
}
