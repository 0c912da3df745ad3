import HTTPServer
import StackfeedTestSupport
import Testing

/// `If-None-Match` is a condition of reads: a write's answer is never turned into 304 (which would tell the client
/// nothing changed after the change was committed).
@Suite("FeedAPI: If-None-Match on writes")
struct WriteConditionalTests {
  @Test("a PATCH or POST sending If-None-Match: * is answered with the row it wrote, not 304")
  func writesAreNotConditional() throws {
    let api = try TestAPI()
    let created = api.send(
      "POST", "/v1/feed-items", as: .admin, json: #"{"id": "conditional", "title": "A"}"#,
      headers: [HTTPField("If-None-Match", "*")])
    #expect(created.status == 201)
    let changed = api.send(
      "PATCH", "/v1/feed-items/conditional", as: .admin, json: #"{"title": "B"}"#,
      headers: [HTTPField("If-Match", "*"), HTTPField("If-None-Match", "*")])
    #expect(changed.status == 200)
    #expect(changed.text.contains(#""title":"B""#))
    #expect(api.get("/v1/rows/feed_item/conditional", headers: [HTTPField("If-None-Match", "*")]).status == 304)
  }
}
