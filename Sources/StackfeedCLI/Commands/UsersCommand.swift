import FeedPlugins
import FeedStore

/// `stackfeed users [--format text|json]`: every user a feed can be composed for (`--user`, `token create
/// --user`), by id.
struct UsersCommand: Command {
  static let name = "users"
  static let summary = "lists the users (the ids --user and token create --user take)"
  static let usage = "stackfeed users [--format text|json] [--db PATH]"
  static let help = """
      --format text|json  a table for people (default), or JSON for programs, as GET /v1/users pages it:
                          {"users": [{"id", "firstName", "lastName"}], "next": null}
    """

  /// `--format json`.
  var json = false

  init(parsing arguments: inout Arguments) throws(UsageError) {
    json = try arguments.choice("format", among: ["text", "json"]) == "json"
  }

  func run(in context: CommandContext) throws {
    let users = try Users(context.openDatabase(bootstrap: true).database).list()
    if json {
      try context.output.append { RowPage.users(users, next: nil).append(to: &$0) }
    } else {
      try context.output.write(
        TextTable.render(
          header: ["ID", "FIRST NAME", "LAST NAME"], rows: users.map { [$0.id, $0.firstName, $0.lastName] }))
    }
  }
}
