import FeedPlugins
import FeedStore
import Foundation
import PromoPlugin
import SQLCore
import StackLayout
import Testing

@testable import StackfeedCLI

/// A kind with no rows whose one route is `method path` (admin), to collide with the core's or the promo's.
private struct RouteOnly: RowRoutes, CustomTestStringConvertible {
  let kind = "clash"
  var method: RowRoute.Method
  var path: String
  var placement: RowPlacement { .trailing }
  var migrations: [Migration] { [] }
  var seedFiles: [String] { [] }
  var routes: [RowRoute] {
    let body = RecordRules([.text("name", TextRule(maximumLength: 10))])
    return [
      RowRoute(method, path, scope: .admin, body: method.takesBody ? body : nil) { _, _ in
        .deleted(kind: "x", id: "x", for: .everyone)
      }
    ]
  }
  var testDescription: String { "\(method.rawValue) \(path)" }

  func validateSeed(_ files: SeedFiles) throws(SeedError) -> Int? { nil }
  func writeSeed(_ seed: Int, to db: StoreConnection) throws {}
  func deleteAll(in db: StoreConnection) throws {}
  func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext, _ body: (Int64, Int) throws -> Void
  ) throws {}
  func viewModel(for model: Int, context: RowContext) -> Int { model }
  func row(for viewModel: Int) -> FeedRow { FeedRow(kind: kind, id: "\(viewModel)", texts: [], viewModel: viewModel) }
  func card(for viewModel: Int) -> LayoutNode { Spacer(h: 1).node }
}

/// `stackfeed-promo`'s start-up with one more plugin whose route overlaps a route of the core or of the promo
/// kind: refused before any command runs, exit 70, one sentence naming the plugins and both routes.
@Suite struct PluginRouteStartupTests {
  @Test(
    "a plugin route overlapping the core's or the promo's stops start-up with exit 70, naming both",
    arguments: [
      (
        RouteOnly(method: .post, path: "/v1/feed"),
        #"the row kind "clash" answers POST /v1/feed, which overlaps the core's /v1/feed (a plugin may not "#
          + "answer at a path of the core, with any method)"
      ),
      (
        RouteOnly(method: .delete, path: "/v1/me/{x}"),
        #"the row kind "clash" answers DELETE /v1/me/{x}, which overlaps the core's /v1/me/feed (a plugin may "#
          + "not answer at a path of the core, with any method)"
      ),
      (
        RouteOnly(method: .post, path: "/v1/promos"),
        #"the row kinds "promo" and "clash" answer POST /v1/promos twice (the same method and path shape)"#
      ),
    ])
  fileprivate func anOverlappingRouteStopsStartUp(plugin: RouteOnly, sentence: String) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("startup-\(UUID().uuidString)")
    let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(descriptor >= 0)
    defer {
      close(descriptor)
      try? FileManager.default.removeItem(at: file)
    }
    let database = FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID().uuidString)")
    let code = Stackfeed.main(
      arguments: ["stackfeed-promo", "list", "--db", database.path], environment: [:],
      plugins: [PromoPlugin(), plugin], errors: Output(descriptor: descriptor))
    #expect(code == 70)
    let message = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    #expect(message == "stackfeed: the row plugins cannot work together: \(sentence)\n")
    #expect(!FileManager.default.fileExists(atPath: database.path), "no command ran")
  }
}
