import BuiltInPlugins
import FeedPlugins
import FeedServer
import PromoPlugin
import StackfeedTestSupport
import Testing

/// The Promo example's write route (Examples/PromoPlugin), served by the same core as the built-in kinds'.
@Suite("FeedAPI: a plugin outside the core adds a write route")
struct PromoRouteTests {
  @Test("POST /v1/promos adds a promo by the rules of promos.json", arguments: Backend.available)
  func addPromo(backend: Backend) throws {
    let api = try TestAPI(backend, registry: PluginRegistry.builtIn().adding(PromoPlugin()))
    let created = api.send("POST", "/v1/promos", as: .admin, json: #"{"id": "sale", "text": "Big sale"}"#)
    #expect(created.status == 201, "\(created.text)")
    #expect(created.header("Location") == "/v1/rows/promo/sale")
    #expect(created.body == api.get("/v1/rows/promo/sale").body)
    #expect(api.get("/v1/feed?limit=100").text.contains(#""text":"BIG SALE""#))
    let bad = api.send("POST", "/v1/promos", as: .admin, json: #"{"id": "x", "text": 3}"#)
    #expect(bad.status == 422)
    #expect(try bad.json()["field"] as? String == "text")
    #expect(api.send("POST", "/v1/promos", as: .anonymous, json: #"{"id": "y", "text": "Y"}"#).status == 401)
    #expect(api.send("POST", "/v1/promos", as: .admin, json: #"{"id": "sale", "text": "Y"}"#).status == 409)
  }
}
