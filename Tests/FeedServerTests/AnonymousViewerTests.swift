import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import StackfeedTestSupport
import Testing

/// The anonymous routes compose the feed of the user `default`: other users and their newer orders change
/// nothing they answer. On both backends.
@Suite struct AnonymousViewerTests {
  @Test(arguments: Backend.available)
  func otherUsersAndTheirNewerOrdersLeaveTheAnonymousFeedAsItWas(backend: Backend) throws {
    let api = try TestAPI(backend)
    let before = api.get("/v1/feed?limit=5&time_zone=UTC")
    #expect(before.status == 200)
    let registry = try PluginRegistry.builtIn()
    let store = try FeedDatabase.open(
      location: StoreLocation.resolve(option: api.database.argument, environment: [:]),
      migrations: registry.migrations, now: Date.init)
    try Seeder(registry: registry).seed(
      SeedFiles([
        "users.json": Data(#"[{"id": "ada", "firstName": "Ada", "lastName": "Byron"}]"#.utf8),
        "products.json": Data(#"[{"id": "p", "title": "P", "image": "ada-image"}]"#.utf8),
        "orders.json": Data(
          #"[{"id": "ada-order", "status": "new", "orderedAt": "2030-01-01T00:00:00Z", "items": [{"product": "p", "quantity": 1}], "user": "ada"}]"#
            .utf8),
      ]), into: store.database, reset: false)
    let after = api.get("/v1/feed?limit=5&time_zone=UTC")
    #expect(after.status == 200)
    #expect(after.text == before.text)
    #expect(after.text.contains("HI, RUSSELL") && !after.text.contains("ada"))
    #expect(api.get("/v1/rows/order/ada-order").status == 404)
    #expect(api.get("/v1/rows/header/profile").text.contains("HI, RUSSELL"))
  }
}
