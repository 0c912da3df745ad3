import FeedStore

/// A row plugin whose rows belong to users and that can make synthetic ones for a user: what
/// `seed --generate N --kind user` asks for each new user (the built-in `order` kind: that many orders).
///
///     extension OrderPlugin: UserRowGenerator {
///       func userRowWriter(in db: StoreConnection) throws -> (String, Int) throws -> Void { … }
///     }
public protocol UserRowGenerator: RowPlugin {
  /// Prepares its statements on `db` (inside the generator's one transaction) and returns what appends `count`
  /// synthetic rows owned by the user with the given id, with fresh ids.
  func userRowWriter(in db: StoreConnection) throws -> (_ user: String, _ count: Int) throws -> Void
}
