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

  @Test(
    "after a DELETE no URL of the image answers: on its server at once, on another of the same database within a second",
    .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
  func deletedImagesStopAnswering() throws {
    let server = try EndpointTests.server()
    let second = try ServerProcess()
    try second.start(["--db", server.database, "--threads", "2"])
    let created = try server.run(["token", "create", "--db", server.database, "--user", "default", "--scope", "admin"])
    let images = try #require(try server.get("/v1/images").json()["images"] as? [[String: Any]])
    let version = try #require(images.first { $0["name"] as? String == "reset" }?["version"] as? String)
    let urls = ["/v1/images/reset?v=\(version)&w=77&h=91&scale=3&r=2&format=jpeg", "/v1/images/reset?v=\(version)"]
    for url in urls + urls {  // made, then kept
      #expect(try server.get(url).status == 200 && second.get(url).status == 200, "\(url)")
    }
    let deleted = try server.send(
      "DELETE", "/v1/images/reset", body: [], headers: ["Authorization: Bearer \(created.stdout.dropLast())"])
    #expect(deleted.status == 204)
    for url in urls { #expect(try server.get(url).status == 404, "\(url)") }
    // The second server answers its kept tile without a read until a second after a read last showed the image.
    let deadline = Date().addingTimeInterval(10)
    while try second.get(urls[0]).status == 200, Date() < deadline { usleep(20_000) }
    for url in urls { #expect(try second.get(url).status == 404, "\(url)") }
  }

  @Test(
    "a write's caller is refused from the head, before a byte of its body is read; an admitted body is read whole",
    arguments: [
      ("PUT", "/v1/images/photo", "", 401), ("PUT", "/v1/images/photo", "nope", 401),
      ("PUT", "/v1/images/photo", "read", 403), ("POST", "/v1/feed-items", "nope", 401),
      ("PATCH", "/v1/feed-items/x", "read", 403), ("POST", "/v1/nothing", "", 404), ("POST", "/v1/feed", "", 405),
    ])
  func refusedBeforeTheBody(method: String, path: String, token: String, status: Int) throws {
    let server = try EndpointTests.server()
    var headers = "\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    // Within the route's limit (a longer declared body is 413 first): 4 MiB of an image, 60,000 bytes of JSON.
    let length = path.hasPrefix("/v1/images/") ? 4 << 20 : 60_000
    headers += "Expect: 100-continue\r\nContent-Length: \(length)\r\n"
    switch token {
    case "": break
    case "nope": headers += "Authorization: Bearer nope\r\n"
    default:
      let created = try server.run(["token", "create", "--db", server.database, "--user", "default", "--scope", token])
      headers += "Authorization: Bearer \(created.stdout.dropLast())\r\n"
    }
    let descriptor = try HTTPClient.connect(port: server.port)
    defer { close(descriptor) }
    // Only the head is sent: the answer comes without the body (nothing else would end the exchange), and not
    // a 100 Continue first.
    try HTTPClient.send(Array((headers + "\r\n").utf8), to: descriptor)
    let refused = try HTTPClient.parse(HTTPClient.readToEnd(descriptor))
    #expect(refused.status == status, "\(String(decoding: refused.body, as: UTF8.self))")
    #expect(refused.header("Content-Type") == EndpointTests.problem)
  }

  @Test("an admin's PUT is admitted: told to continue, its body read whole")
  func admittedBody() throws {
    let server = try EndpointTests.server()
    let created = try server.run(["token", "create", "--db", server.database, "--user", "default", "--scope", "admin"])
    let photo = [UInt8](
      try Data(contentsOf: RepositoryFiles.root.appendingPathComponent("Seeds/account/images/reset.jpg")))
    let descriptor = try HTTPClient.connect(port: server.port)
    defer { close(descriptor) }
    var head = "PUT /v1/images/photo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
    head += "Authorization: Bearer \(created.stdout.dropLast())\r\nContent-Length: \(photo.count)\r\n\r\n"
    try HTTPClient.send(Array(head.utf8), to: descriptor)
    let proceed = try HTTPClient.readAnswer(descriptor)
    #expect(proceed.status == 100)
    try HTTPClient.send(photo, to: descriptor)
    let stored = try HTTPClient.readAnswer(descriptor)
    #expect(stored.status == 201, "\(String(decoding: stored.body, as: UTF8.self))")
    #expect(try server.get("/v1/images/photo").body == photo)
  }
}
