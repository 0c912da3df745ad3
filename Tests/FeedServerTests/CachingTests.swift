import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// ETags, 304 and the answers remembered per version of the feed, in process.
@Suite("FeedAPI: ETag, If-None-Match and remembered answers")
struct CachingTests {
  @Test(
    "If-None-Match naming the ETag gets 304 without a body; a changed feed gets 200 and a new ETag",
    arguments: Backend.available)
  func conditionalGet(backend: Backend) throws {
    try FeedAPIChecks.conditionalGet(on: TestAPI(backend))
  }

  @Test("a request asked again gets the same bytes; another order of the same arguments too")
  func sameAnswer() throws {
    let api = try TestAPI()
    let first = api.get("/v1/render?width=320&limit=5")
    #expect(api.get("/v1/render?width=320&limit=5").body == first.body)
    #expect(api.get("/v1/render?limit=5&width=320").body == first.body)
  }

  @Test("an error is not remembered, and not cached by clients")
  func errorsAreNotStored() throws {
    let api = try TestAPI()
    for _ in 0..<2 {
      let response = api.get("/v1/feed?limit=0")
      #expect(response.status == 400)
      #expect(response.header("Cache-Control") == "no-store")
    }
  }

  @Test(
    "a missing SQLite database is 503 with Retry-After (readyz too, healthz stays 200) once the reads have looked again, and the API answers again as soon as it is back"
  )
  func missingDatabase() throws {
    let api = try TestAPI()
    let path = api.database.argument
    #expect(api.get("/v1/feed").status == 200)
    try api.setDatabaseAvailable(false)
    let unavailable = api.get("/v1/feed")
    #expect(unavailable.status == 503)
    #expect(unavailable.header("Retry-After") == "1")
    #expect(!unavailable.text.contains(path), "the body names no file")
    #expect(unavailable.logNote?.contains("the database \(path) is missing") == true)
    let notReady = api.get("/readyz")
    #expect(notReady.status == 503)
    #expect(notReady.header("Retry-After") == "1")
    #expect(api.get("/healthz").status == 200, "liveness reads nothing")
    try api.setDatabaseAvailable(true)
    #expect(api.get("/v1/feed").status == 200)
    #expect(api.get("/readyz").status == 200)
  }
}
