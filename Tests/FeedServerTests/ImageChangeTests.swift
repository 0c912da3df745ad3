import FeedStore
import HTTPServer
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// Image writes and the change log, in process on each backend: a write that changes which picture a name shows
/// records one `reload` in its own transaction (the URLs of every card showing it changed), one that changes
/// nothing records nothing.
@Suite("FeedAPI: image writes in the change log")
struct ImageChangeTests {
  /// The operations of the changes after `since`, and the next version.
  static func changes(after since: String, _ api: TestAPI) throws -> (ops: [String], next: String) {
    let answer = api.get("/v1/changes?since=\(since)")
    let ops = try ChangesRouteTests.changes(answer).map { change in
      "\(change["op"] as? String ?? "?")\(change["kind"].map { " \($0)" } ?? "")"
    }
    return (ops, try ChangesRouteTests.next(answer))
  }

  @Test(
    "PUT of new bytes and DELETE record one reload each; the same bytes again, a refused write and a 404 none",
    arguments: Backend.available)
  func imageWritesReload(backend: Backend) throws {
    let api = try TestAPI(backend)
    let png = try ImageRouteTests.fixture("halves.png")
    let photo = try ImageRouteTests.photo("tshirt")
    var since = try ChangesRouteTests.next(api.get("/v1/changes?since=0"))
    let steps: [(String, () -> HTTPResponse, Int, [String])] = [
      ("a new image", { ImageRouteTests.put(api, "halves", png) }, 201, ["reload"]),
      ("the same bytes again", { ImageRouteTests.put(api, "halves", png) }, 200, []),
      ("other bytes", { ImageRouteTests.put(api, "halves", photo) }, 200, ["reload"]),
      (
        "a stale If-Match",
        { ImageRouteTests.put(api, "halves", png, headers: [HTTPField("If-Match", "\"0000\"")]) }, 412, []
      ),
      ("a refused upload", { ImageRouteTests.put(api, "halves", Array("text".utf8)) }, 415, []),
      ("a bundled photo replaced", { ImageRouteTests.put(api, "tshirt", png) }, 200, ["reload"]),
      (
        "a delete", { api.api.respond(to: TestAPI.request("DELETE", "/v1/images/halves"), as: .admin) }, 204, ["reload"]
      ),
      (
        "a delete of nothing", { api.api.respond(to: TestAPI.request("DELETE", "/v1/images/halves"), as: .admin) }, 404,
        []
      ),
    ]
    for (what, write, status, logged) in steps {
      let answer = write()
      #expect(answer.status == status, "\(what): \(answer.text)")
      let (ops, next) = try Self.changes(after: since, api)
      #expect(ops == logged, "\(what)")
      since = next
    }
  }
}
