import BuiltInPlugins
import FeedPlugins
import FeedServer
import FeedStore
import Foundation
import HTTPServer

extension TestAPI {
  /// Adds the users `ids` (first name the id capitalised, last name `Test`).
  func addUsers(_ ids: [String]) throws {
    for id in ids {
      try database.execute(
        "INSERT INTO users (id, first_name, last_name) VALUES ('\(id)', '\(id.capitalized)', 'Test')")
    }
  }

  /// Loads the seed files `files` (name → JSON text) into the database served, keeping what is there.
  func seed(_ files: [String: String]) throws {
    let registry = try PluginRegistry.builtIn()
    let location = StoreLocation.resolve(option: database.argument, environment: [:])
    let store = try FeedDatabase.open(location: location, migrations: registry.migrations, now: Date.init)
    try Seeder(registry: registry).seed(
      SeedFiles(files.mapValues { Data($0.utf8) }), into: store.database, reset: false)
  }

  /// The tokens of the database served, on a connection of their own.
  func tokens() throws -> TokenStore {
    let location = StoreLocation.resolve(option: database.argument, environment: [:])
    return TokenStore(
      try FeedDatabase.open(location: location, migrations: PluginRegistry.builtIn().migrations, now: Date.init)
        .database)
  }

  /// A new token of `user` with `scope`: the text a client sends.
  func token(for user: String, scope: TokenScope = .read) throws -> String {
    try tokens().create(user: user, scope: scope, name: nil, at: 1).secret.text
  }

  /// The answer of `api` (this one's by default) to `GET target` sending `Authorization: Bearer token`.
  func get(_ target: String, token: String, api: FeedAPI? = nil) -> HTTPResponse {
    let request = Self.request("GET", target, headers: [HTTPField("Authorization", "Bearer \(token)")])
    return (api ?? self.api).respond(to: request)
  }
}
