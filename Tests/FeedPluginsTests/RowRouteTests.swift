import FeedPlugins
import FeedStore
import SQLCore
import StackLayout
import Testing

/// A stub kind that adds routes.
struct StubWriter: RowWriter {
  var kind: String
  var paths: [String]
  /// The rules of the routes' bodies (`nil`: none, which the registry refuses).
  var body: RecordRules? = RecordRules([.text("name", TextRule(maximumLength: 10))])
  var placement: RowPlacement { .trailing }
  var migrations: [Migration] { [] }
  var seedFiles: [String] { [] }
  var routes: [RowRoute] {
    paths.map { RowRoute(.post, $0, scope: .admin, body: body) { _, _ in .deleted } }
  }

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

@Suite struct RowRouteTests {
  @Test(
    "a pattern matches segment by segment, its {names} any non-empty segment",
    arguments: [
      ("/v1/orders/{id}", "/v1/orders/o-1", ["id": "o-1"]),
      ("/v1/orders/{id}", "/v1/orders/", nil),
      ("/v1/orders/{id}", "/v1/orders", nil),
      ("/v1/orders/{id}", "/v1/orders/a/b", nil),
      ("/v1/me/orders", "/v1/me/orders", [:]),
      ("/v1/me/orders", "/v1/me/orders/", nil),
      ("/v1/{kind}/{id}", "/v1/x/y", ["kind": "x", "id": "y"]),
      ("/v1/{kind}/{id}", "/v1//y", nil),
      ("/v1/orders/{id}", "v1/orders/o-1", nil),
      ("/v1/orders/{id}", "", nil),
      ("/v1/orders/{id}", "/", nil),
      ("/v1/orders/{id}", "/v1/ordersX/o-1", nil),
      ("/v1/orders/{id}", "/v2/orders/o-1", nil),
      ("/v1/orders/{id}", "/v1/orders/é-ü", ["id": "é-ü"]),
      ("/v1/café/{id}", "/v1/cafe\u{301}/1", ["id": "1"]),
    ] as [(String, String, [String: String]?)])
  func patternMatches(pattern: String, path: String, parameters: [String: String]?) {
    #expect(RoutePattern(pattern).match(path) == parameters)
  }

  @Test func theRegistryCollectsRoutesAndRefusesOneRouteTwice() throws {
    let registry = try PluginRegistry([
      StubWriter(kind: "a", paths: ["/v1/a"]), StubWriter(kind: "b", paths: ["/v1/b"]),
    ])
    #expect(registry.routes.map(\.pattern.description) == ["/v1/a", "/v1/b"])
    let error = #expect(throws: PluginRegistryError.self) {
      try PluginRegistry([StubWriter(kind: "a", paths: ["/v1/x"]), StubWriter(kind: "b", paths: ["/v1/x"])])
    }
    #expect(error?.description == #"the row kinds "a" and "b" both answer POST /v1/x"#)
  }

  @Test func theRegistryRefusesARouteTakingABodyWithoutRulesForIt() throws {
    let error = #expect(throws: PluginRegistryError.self) {
      try PluginRegistry([StubWriter(kind: "a", paths: ["/v1/a"], body: nil)])
    }
    #expect(error?.description == #"the row kind "a" answers POST /v1/a without rules for its body"#)
  }
}
