import HTTPServer
import StackfeedTestSupport
import Testing

/// Every endpoint and status in process: a request value in, a response value out (no socket), on a real
/// database on each backend (the table is ServeTests' too: `FeedAPIChecks`).
@Suite("FeedAPI: endpoints, statuses and media types")
struct EndpointTests {
  @Test("every endpoint answers its status, media type and body", arguments: Backend.available)
  func answers(backend: Backend) throws {
    try FeedAPIChecks.answers(of: TestAPI(backend))
  }

  @Test("a method other than GET and HEAD is 405 with Allow", arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
  func wrongMethod(method: String) throws {
    let response = try TestAPI().get("/v1/feed", method: method)
    #expect(response.status == 405)
    #expect(response.header("Allow") == "GET, HEAD")
    #expect(
      response.text
        == #"{"type":"about:blank","title":"Method Not Allowed","status":405,"detail":"/v1/feed answers GET and HEAD, not \#(method)"}"#
    )
  }

  @Test(
    "HEAD is answered as GET, headers and all (the HTTP server sends no body)",
    arguments: ["/v1/feed", "/", "/healthz"])
  func head(target: String) throws {
    let api = try TestAPI()
    let get = api.get(target)
    let head = api.get(target, method: "HEAD")
    #expect(head.status == 200)
    #expect(head.headers == get.headers)
    #expect(head.body == get.body)
  }

  @Test("/v1/feed's page is the rows and next cursor of list --format json, a page at a time")
  func feedPages() throws {
    let api = try TestAPI(generate: 30)
    let first = try api.get("/v1/feed?limit=5").json()
    #expect((first["rows"] as? [Any])?.count == 5)
    let next = try #require(first["next"] as? String)
    let second = api.get("/v1/feed?limit=5&after=\(next)")
    #expect(second.status == 200)
    #expect(!second.text.contains(#""kind":"header""#))
  }

  @Test("/v1/render carries the next page's cursor in Stackfeed-Next and in the JSON; the last page has neither")
  func renderPaging() throws {
    let api = try TestAPI()
    let page = api.get("/v1/render?limit=2")
    let next = try #require(page.header("Stackfeed-Next"))
    #expect(try page.json()["next"] as? String == next)
    let last = api.get("/v1/render?limit=100&after=\(next)")
    #expect(last.header("Stackfeed-Next") == nil)
    #expect(last.text.contains(#""next":null"#))
  }
}
