import FeedServer
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// `GET /v1/users`: the users, paged by id, for admins only, on each backend.
@Suite("FeedAPI: users")
struct UsersEndpointTests {
  @Test("admins page through every user by id; the answer is private and conditional", arguments: Backend.available)
  func paging(backend: Backend) throws {
    let api = try TestAPI(backend)
    try api.addUsers(["ada", "bob", "cy"])
    let first = api.send("GET", "/v1/users?limit=2", as: .admin)
    #expect(first.status == 200)
    #expect(
      first.text
        == #"{"users":[{"id":"ada","firstName":"Ada","lastName":"Test"},{"id":"bob","firstName":"Bob","lastName":"Test"}],"next":"bob"}"#
    )
    #expect(first.header("Cache-Control") == "private, no-cache")
    #expect(first.header("Vary")?.hasPrefix("Authorization") == true)
    let second = try api.send("GET", "/v1/users?limit=2&after=bob", as: .admin).json()
    #expect((second["users"] as? [[String: String]])?.map { $0["id"] } == ["cy", "default"])
    #expect(second["next"] is NSNull)
    let tag = try #require(first.header("ETag"))
    #expect(api.send("GET", "/v1/users?limit=2", as: .admin, headers: [HTTPField("If-None-Match", tag)]).status == 304)
  }

  @Test("without a token 401, with a token below admin 403; a bad limit 400")
  func refusals() throws {
    let api = try TestAPI()
    let anonymous = api.send("GET", "/v1/users", as: .anonymous)
    #expect(anonymous.status == 401)
    #expect(anonymous.header("WWW-Authenticate") == "Bearer")
    let writer = api.send("GET", "/v1/users", as: .user("default", .write))
    #expect(writer.status == 403)
    #expect(writer.header("WWW-Authenticate")?.contains(#"error="insufficient_scope""#) == true)
    let bad = api.send("GET", "/v1/users?limit=0", as: .admin)
    #expect(bad.status == 400)
    #expect(try bad.json()["parameter"] as? String == "limit")
  }
}
