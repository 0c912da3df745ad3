import CivilTime
import FeedStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `stackfeed token revoke ID`: the token stops authenticating at once (the next request that presents it is
/// answered 401; a server reading a replica sees it when the replica does).
struct TokenRevokeCommand: Command {
  static let name = "token revoke"
  static let summary = "revokes an API token: requests presenting it are refused from then on"
  static let usage = "stackfeed token revoke ID [--db PATH]"
  static let help = """
      ID                  the token's id, as token list shows it (tok_…); an unknown id is exit 65.
                          Revoking a revoked token changes nothing and succeeds
    """

  var id: String

  init(parsing arguments: inout Arguments) throws(UsageError) {
    guard let id = arguments.positional() else { throw UsageError("the id of the token to revoke is needed") }
    self.id = id
  }

  func run(in context: CommandContext) throws {
    let database = try context.openDatabase(bootstrap: true).database
    let now = UTCMilliseconds.now()
    let revoked = try TokenStore(database).revoke(id: id, at: now)
    try context.note(revoked ? "revoked the token \(id)" : "the token \(id) was already revoked")
  }
}
