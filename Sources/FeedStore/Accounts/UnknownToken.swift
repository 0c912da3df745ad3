/// `token revoke ID`: no token has the id. The CLI exits 65 (`EX_DATAERR`: the input names nothing).
///
///     no token has the id "tok_0123456789abcdef" (token list shows the ids)
public struct UnknownToken: Error, Sendable, Hashable, CustomStringConvertible {
  /// The id asked for.
  public var id: String

  /// An error about the id `id`.
  public init(id: String) {
    self.id = id
  }

  /// One sentence naming the id.
  public var description: String { "no token has the id \"\(id)\" (token list shows the ids)" }
}
