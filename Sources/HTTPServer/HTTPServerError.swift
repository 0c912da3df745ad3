/// The server cannot start.
public struct HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// True when the address is taken by another socket (`EADDRINUSE`).
  public var isAddressInUse: Bool
  /// One sentence naming the address, e.g. `127.0.0.1 port 8080 is already in use by another program`, or the
  /// limit that stops it.
  public var description: String

  /// An error saying `description`.
  public init(isAddressInUse: Bool, description: String) {
    self.isAddressInUse = isAddressInUse
    self.description = description
  }
}
