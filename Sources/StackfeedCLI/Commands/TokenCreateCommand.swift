import CivilTime
import FeedOptions
import FeedStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `stackfeed token create --user ID [--scope read|write|admin] [--name LABEL]`: makes an API token and prints
/// it, alone on one line of stdout: the only time it is shown (the database keeps its hash).
struct TokenCreateCommand: Command {
  static let name = "token create"
  static let summary = "makes an API token for a user and prints it, once"
  static let usage = "stackfeed token create --user ID [--scope read|write|admin] [--name LABEL] [--db PATH]"
  static let help = """
      --user ID           the user the token acts as (required; an unknown user is exit 67)
      --scope SCOPE       read (default: the user's feed), write (also place orders as the user) or admin
                          (also read any order, change orders and the feed items)
      --name LABEL        a label that token list shows, e.g. the device the token is for
    The token goes to stdout alone on one line (sft_ and 64 hex digits); only its SHA-256 is stored, so it
    cannot be shown again. The token's id (for token list and token revoke) goes to stderr.
    """

  var user: String
  var scope = TokenScope.read
  var label: String?

  init(parsing arguments: inout Arguments) throws(UsageError) {
    guard let user = try arguments.option("--user") else {
      throw UsageError("--user is needed: the id of the user the token acts as")
    }
    self.user = user
    if let scope = try arguments.choice("scope", among: TokenScope.allCases.map(\.rawValue)) {
      self.scope = TokenScope(rawValue: scope) ?? .read
    }
    label = try arguments.option("--name")
    if label?.isEmpty == true { throw UsageError("--name takes a label, not an empty string") }
  }

  func run(in context: CommandContext) throws {
    let database = try context.openDatabase(bootstrap: true).database
    let now = UTCMilliseconds.now()
    let (token, secret) = try TokenStore(database).create(user: user, scope: scope, name: label, at: now)
    try context.output.write(secret.text + "\n")
    try context.note(
      "created the token \(token.id) for the user \(user) (scope \(scope.rawValue)); it is shown only this once")
  }
}
