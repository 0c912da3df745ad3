import Foundation
import ImageCore
import StackfeedTestSupport
import Testing

/// Images over a real socket: a photo of more than the 64 KiB other bodies may have is read whole by `PUT`, a body
/// declared over 8 MiB is refused before it is read, and a resized answer has exactly the pixels asked.
@Suite(
  "serve: images",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct ImageServeTests {
  @Test("PUT reads a 1.2 MB photo whole over a socket, refuses 8 MiB + 1 unread, and GET resizes it")
  func uploadAndResize() throws {
    let server = try EndpointTests.server()
    let created = try server.run(["token", "create", "--db", server.database, "--user", "default", "--scope", "admin"])
    let token = String(created.stdout.dropLast())
    let photo = [UInt8](
      try Data(contentsOf: RepositoryFiles.root.appendingPathComponent("Seeds/account/images/reset.jpg")))
    #expect(photo.count > 1_000_000)
    let authorization = "Authorization: Bearer \(token)"
    let stored = try server.send("PUT", "/v1/images/photo", body: photo, headers: [authorization])
    #expect(stored.status == 201, "\(String(decoding: stored.body, as: UTF8.self))")
    #expect(try server.get("/v1/images/photo").body == photo)
    // Declared too long: answered from the head alone, the body never sent.
    let descriptor = try HTTPClient.connect(port: server.port)
    defer { close(descriptor) }
    let head = "PUT /v1/images/photo HTTP/1.1\r\nHost: x\r\n\(authorization)\r\nContent-Length: \(8 << 20 + 1)\r\n\r\n"
    try HTTPClient.send(Array(head.utf8), to: descriptor)
    let tooLarge = try HTTPClient.readAnswer(descriptor)
    #expect(tooLarge.status == 413)
    #expect(try server.get("/v1/images/photo").body == photo, "the refused body changed nothing")
    #expect(try server.send("PUT", "/v1/images/x", body: photo).status == 401, "no token")
    guard OptionalLibrary.vips.isInstalled else { return }
    let tile = try server.get("/v1/images/photo?w=77&h=91&scale=3", headers: ["Accept: image/webp"])
    #expect(tile.status == 200 && tile.header("Content-Type") == "image/webp")
    #expect(try ImageHeader(reading: tile.body) == ImageHeader(format: .webp, width: 231, height: 273))
  }
}
