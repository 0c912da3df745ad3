import FeedPlugins
import StackfeedTestSupport
import Testing

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

  @Test(
    "patterns overlap when a path could match both, whatever their parameters' names",
    arguments: [
      ("/v1/me/{x}", "/v1/me/feed", true),
      ("/v1/me/{x}", "/v1/me/{y}", true),
      ("/v1/{a}/orders", "/v1/me/{b}", true),
      ("/v1/orders/{id}", "/v1/orders", false),
      ("/v1/orders/{id}", "/v1/orders/{id}/lines", false),
      ("/v1/orders/{id}", "/v1/order/{id}", false),
      ("/", "/{x}", true),
      ("/", "/v1", false),
    ])
  func patternsOverlap(one: String, two: String, overlap: Bool) {
    #expect(RoutePattern(one).overlaps(RoutePattern(two)) == overlap)
    #expect(RoutePattern(two).overlaps(RoutePattern(one)) == overlap)
  }

  @Test func theRegistryCollectsRoutesInOrder() throws {
    let registry = try PluginRegistry([
      StubRoutes(kind: "a", paths: ["/v1/a", "GET /v1/a/{id}"]), StubRoutes(kind: "b", paths: ["/v1/b"]),
      StubRoutes(kind: "c", paths: ["GET /v1/a"], scope: nil),
    ])
    #expect(
      registry.routes.map { "\($0.method.rawValue) \($0.pattern)" } == [
        "POST /v1/a", "GET /v1/a/{id}", "POST /v1/b", "GET /v1/a",
      ])
  }

  @Test(
    "the registry refuses a route that overlaps the core's or another of its method, a write without a scope, a body without rules",
    arguments: [
      (
        [StubRoutes(kind: "a", paths: ["/v1/x"]), StubRoutes(kind: "b", paths: ["/v1/x"])],
        #"the row kinds "a" and "b" answer POST /v1/x twice (the same method and path shape)"#
      ),
      (
        [StubRoutes(kind: "a", paths: ["GET /v1/x/{id}"]), StubRoutes(kind: "b", paths: ["GET /v1/x/{key}"])],
        #"the row kinds "a" and "b" answer both GET /v1/x/{id} and GET /v1/x/{key}, which overlap (the same "#
          + "method and path shape)"
      ),
      (
        [StubRoutes(kind: "a", paths: ["PATCH /v1/x/{id}", "PATCH /v1/x/latest"])],
        #"the row kind "a" answers both PATCH /v1/x/{id} and PATCH /v1/x/latest, which overlap (the same "#
          + "method and path shape)"
      ),
      (
        [StubRoutes(kind: "a", paths: ["/v1/feed"])],
        #"the row kind "a" answers POST /v1/feed, which overlaps the core's /v1/feed (a plugin may not answer "#
          + "at a path of the core, with any method)"
      ),
      (
        [StubRoutes(kind: "a", paths: ["GET /v1/me/{x}"])],
        #"the row kind "a" answers GET /v1/me/{x}, which overlaps the core's /v1/me/feed (a plugin may not "#
          + "answer at a path of the core, with any method)"
      ),
      (
        [StubRoutes(kind: "a", paths: ["GET /v1/rows/a/special"])],
        #"the row kind "a" answers GET /v1/rows/a/special, which overlaps the core's /v1/rows/{kind}/{id} (a "#
          + "plugin may not answer at a path of the core, with any method)"
      ),
      (
        [StubRoutes(kind: "a", paths: ["DELETE /v1/a/{id}"], scope: nil)],
        #"the row kind "a" answers DELETE /v1/a/{id} without a scope: a route that writes needs one "#
          + "(scope: .write or .admin), or anyone could write"
      ),
      (
        [StubRoutes(kind: "a", paths: ["/v1/a"], body: nil)],
        #"the row kind "a" answers POST /v1/a without rules for its body"#
      ),
    ])
  func refusals(plugins: [StubRoutes], message: String) {
    let error = #expect(throws: PluginRegistryError.self) { try PluginRegistry(plugins) }
    #expect(error?.description == message)
  }

  @Test func routesOfOneShapeWithOtherMethodsAreFine() throws {
    let registry = try PluginRegistry([
      StubRoutes(kind: "a", paths: ["GET /v1/x/{id}"]), StubRoutes(kind: "b", paths: ["PATCH /v1/x/{key}"]),
    ])
    #expect(registry.routes.count == 2)
  }

}
