import Foundation
import StackfeedTestSupport
import Testing

/// Request bodies over a real socket: the 64 KiB limit, the media type.
@Suite(
  "serve: request bodies",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct RequestBodyTests {
  @Test("a body of 64 KiB + 1 is 413; one of 64 KiB is read whole")
  func limits() throws {
    let server = try EndpointTests.server()
    let limit = 64 * 1024
    let tooLarge = try server.send("POST", "/v1/feed-items", body: [UInt8](repeating: 32, count: limit + 1))
    #expect(tooLarge.status == 413)
    #expect(tooLarge.header("Content-Type") == EndpointTests.problem)
    // Read whole (spaces, then a JSON object): refused for the missing token, not for its size.
    let body = [UInt8](repeating: 32, count: limit - 2) + Array("{}".utf8)
    #expect(try server.send("POST", "/v1/feed-items", body: body).status == 401)
    #expect(try server.get("/healthz").status == 200)
  }
}
