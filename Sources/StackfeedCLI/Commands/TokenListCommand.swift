import CivilTime
import FeedOptions
import FeedStore
import JSONCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `stackfeed token list [--format text|json]`: the tokens not revoked, oldest first, without their secrets
/// (the store has none to show).
struct TokenListCommand: Command {
  static let name = "token list"
  static let summary = "lists the API tokens not revoked (never their secrets)"
  static let usage = "stackfeed token list [--format text|json] [--db PATH]"
  static let help = """
      --format text|json  a table for people (default), or JSON for programs: [{"id", "user", "scope", "name",
                          "createdAt", "lastUsedAt"}], instants in ISO 8601 UTC, absent values null
    lastUsedAt is recorded by stackfeed serve at most a minute late, and when it stops.
    """

  /// `--format json`.
  var json = false

  init(parsing arguments: inout Arguments) throws(UsageError) {
    json = try arguments.choice("format", among: ["text", "json"]) == "json"
  }

  func run(in context: CommandContext) throws {
    let tokens = try TokenStore(context.openDatabase(bootstrap: true).database).list()
    if json {
      try context.output.append { Self.writeJSON(tokens, to: &$0) }
    } else {
      try context.output.write(Self.table(tokens))
      if tokens.isEmpty {
        let create = context.commandLine(["token", "create", "--user", "ID"])
        try context.note("no tokens in \(context.location.name) (make one with \(create))")
      }
    }
  }

  /// `[{"id": …, "user": …, "scope": …, "name": …, "createdAt": …, "lastUsedAt": …}, …]`, one token a line.
  static func writeJSON(_ tokens: [Token], to bytes: inout ByteBuffer) {
    bytes.append(UInt8(ascii: "["))
    for (index, token) in tokens.enumerated() {
      bytes.append(literal: index == 0 ? "\n  {\"id\": " : ",\n  {\"id\": ")
      JSONWriter.string(token.id, to: &bytes)
      bytes.append(literal: ", \"user\": ")
      JSONWriter.string(token.user, to: &bytes)
      bytes.append(literal: ", \"scope\": ")
      JSONWriter.string(token.scope.rawValue, to: &bytes)
      bytes.append(literal: ", \"name\": ")
      JSONWriter.string(token.name, to: &bytes)
      bytes.append(literal: ", \"createdAt\": ")
      JSONWriter.string(instant(token.createdAt), to: &bytes)
      bytes.append(literal: ", \"lastUsedAt\": ")
      JSONWriter.string(token.lastUsedAt.map(instant), to: &bytes)
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(literal: tokens.isEmpty ? "]\n" : "\n]\n")
  }

  /// A table with a header line, `-` for an absent value.
  static func table(_ tokens: [Token]) -> String {
    let header = ["ID", "USER", "SCOPE", "NAME", "CREATED", "LAST USED"]
    let rows = tokens.map { token in
      [
        token.id, token.user, token.scope.rawValue, token.name ?? "-", instant(token.createdAt),
        token.lastUsedAt.map(instant) ?? "-",
      ]
    }
    return TextTable.render(header: header, rows: rows)
  }

  /// UTC milliseconds since 1970 in ISO 8601, to the second: `2026-12-03T19:56:08Z`.
  static func instant(_ milliseconds: Int64) -> String {
    Date(timeIntervalSince1970: UTCMilliseconds.seconds(milliseconds)).formatted(Date.ISO8601FormatStyle())
  }
}
