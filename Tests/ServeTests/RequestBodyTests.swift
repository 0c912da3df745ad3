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

  @Test("an admitted chunked body past 64 KiB is 413 once sent, and the connection serves the next request")
  func chunkedTooLarge() throws {
    let server = try EndpointTests.server()
    // An admin's: without a token the head alone is refused (401), none of the body read.
    let created = try server.run(["token", "create", "--db", server.database, "--user", "default", "--scope", "admin"])
    let descriptor = try HTTPClient.connect(port: server.port)
    defer { close(descriptor) }
    let chunk = String(repeating: " ", count: 4096)
    var request = "POST /v1/feed-items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    request += "Authorization: Bearer \(created.stdout.dropLast())\r\n"
    request += "Transfer-Encoding: chunked\r\n\r\n"
    request += String(repeating: "1000\r\n\(chunk)\r\n", count: 17) + "0\r\n\r\n"  // 68 KiB
    try HTTPClient.send(Array(request.utf8), to: descriptor)
    let refused = try HTTPClient.readAnswer(descriptor)
    #expect(refused.status == 413)
    #expect(refused.header("Content-Type") == EndpointTests.problem)
    try HTTPClient.send(Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: descriptor)
    #expect(try HTTPClient.readAnswer(descriptor).status == 200)
  }
}
