import Foundation
import HTTPServer
import StackfeedTestSupport
import Synchronization
import Testing

/// Request bodies over real sockets: read whole up to the limit, refused (413) past it without being kept.
@Suite(
  "HTTPServer: request bodies up to a limit",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct RequestBodyTests {
  static let limit = 1024

  /// The requests a server's handler saw.
  final class Seen: Sendable {
    let requests = Mutex<[HTTPRequest]>([])
  }

  /// A server answering 413 to a body over the limit and echoing any other body with its length.
  static func echoServer(threads: Int, seen: Seen) throws -> HTTPServer {
    try HTTPServer(.init(host: "127.0.0.1", port: 0, threads: threads, bodyLimit: limit)) { request in
      seen.requests.withLock { $0.append(request) }
      guard !request.bodyExceedsLimit else { return HTTPResponse(status: 413, body: Array("too large".utf8)) }
      return HTTPResponse(status: 200, body: Array("\(request.method) \(request.body.count):".utf8) + request.body)
    }
  }

  @Test("a body up to the limit reaches the handler whole", arguments: [0, 1, 2])
  func bodyArrives(threads: Int) throws {
    let seen = Seen()
    let server = try Self.echoServer(threads: threads, seen: seen)
    defer { server.stop() }
    for (method, size) in [("POST", 0), ("POST", 1), ("PATCH", 700), ("DELETE", Self.limit)] {
      let body = (0..<size).map { UInt8(ascii: "a") + UInt8($0 % 26) }
      let reply = try HTTPClient.request(
        port: server.port, method: method, target: "/echo", headers: ["Content-Length: \(size)"], body: body)
      #expect(reply.status == 200)
      #expect(reply.body == Array("\(method) \(size):".utf8) + body)
    }
  }

  @Test("a GET's body is not read into the request")
  func getBodyIsDiscarded() throws {
    let seen = Seen()
    let server = try Self.echoServer(threads: 1, seen: seen)
    defer { server.stop() }
    let reply = try HTTPClient.request(
      port: server.port, target: "/echo", headers: ["Content-Length: 3"], body: Array("abc".utf8))
    #expect(reply.text == "GET 0:")
  }

  @Test(
    "a declared Content-Length over the limit is answered 413 before the body is sent",
    arguments: [0, 1, 2])
  func declaredTooLarge(threads: Int) throws {
    let seen = Seen()
    let server = try Self.echoServer(threads: threads, seen: seen)
    defer { server.stop() }
    for name in ["Content-Length", "content-LENGTH"] {  // a field's name in any case (RFC 9110 §5.1)
      let descriptor = try HTTPClient.connect(port: server.port)
      defer { close(descriptor) }
      // Only the head is sent: the answer comes without the body (nothing else would end the exchange).
      let head = "POST /echo HTTP/1.1\r\nHost: x\r\n\(name): \(Self.limit + 1)\r\n\r\n"
      try HTTPClient.send(Array(head.utf8), to: descriptor)
      let reply = try HTTPClient.parse(HTTPClient.readToEnd(descriptor))
      #expect(reply.status == 413, "\(name)")
    }
    #expect(seen.requests.withLock { $0.map(\.bodyExceedsLimit) } == [true, true])
    #expect(seen.requests.withLock { $0.allSatisfy(\.body.isEmpty) })
  }

  @Test(
    "admit sees a body's head first: its refusal is sent unread and the handler not run; its limit replaces the server's",
    arguments: [0, 1, 2])
  func admission(threads: Int) throws {
    let seen = Seen()
    let heads = Mutex<[HTTPRequest]>([])
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threads: threads, bodyLimit: Self.limit)
    configuration.admit = { head in
      heads.withLock { $0.append(head) }
      guard head.header("Authorization") == nil else {
        return BodyAdmission(refusal: HTTPResponse(status: 401, body: Array("refused".utf8)))
      }
      return BodyAdmission(limit: head.path == "/large" ? 4 * Self.limit : nil)
    }
    let server = try HTTPServer(configuration) { request in
      seen.requests.withLock { $0.append(request) }
      guard !request.bodyExceedsLimit else { return HTTPResponse(status: 413) }
      return HTTPResponse(status: 200, body: Array("\(request.body.count)".utf8))
    }
    defer { server.stop() }
    // Refused: only the head is sent, and the answer comes (nothing else would end the exchange).
    let descriptor = try HTTPClient.connect(port: server.port)
    defer { close(descriptor) }
    let head = "PUT /echo?x=1 HTTP/1.1\r\nHost: x\r\nAuthorization: no\r\nContent-Length: 100\r\n\r\n"
    try HTTPClient.send(Array(head.utf8), to: descriptor)
    let refused = try HTTPClient.parse(HTTPClient.readToEnd(descriptor))
    #expect(refused.status == 401 && refused.text == "refused")
    #expect(seen.requests.withLock { $0.isEmpty }, "the handler never ran")
    let shown = try #require(heads.withLock { $0.first })
    #expect(shown.method == "PUT" && shown.path == "/echo" && shown.body.isEmpty)
    #expect(shown.query == [HTTPField("x", "1")] && shown.header("Authorization") == "no")
    // Admitted with a larger limit: a body of three times the server's is read whole; the default limit holds
    // elsewhere; a GET is never shown.
    let large = [UInt8](repeating: 7, count: 3 * Self.limit)
    let read = try HTTPClient.request(
      port: server.port, method: "POST", target: "/large", headers: ["Content-Length: \(large.count)"], body: large)
    #expect(read.status == 200 && read.text == "\(large.count)")
    let other = try HTTPClient.request(
      port: server.port, method: "POST", target: "/echo", headers: ["Content-Length: \(large.count)"], body: large)
    #expect(other.status == 413)
    #expect(try HTTPClient.request(port: server.port, target: "/echo").status == 200)
    #expect(heads.withLock { $0.map(\.path) } == ["/echo", "/large", "/echo"])
  }

  @Test(
    "a chunked body that grows past the limit is discarded to its end and answered 413; the connection stays open",
    arguments: [0, 1, 2])
  func chunkedTooLarge(threads: Int) throws {
    let seen = Seen()
    let server = try Self.echoServer(threads: threads, seen: seen)
    defer { server.stop() }
    let descriptor = try HTTPClient.connect(port: server.port)
    defer { close(descriptor) }
    let chunk = String(repeating: "x", count: 600)
    let head = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    // Ten chunks of 600 bytes: the second passes the limit of 1,024.
    let chunks = String(repeating: "258\r\n\(chunk)\r\n", count: 10) + "0\r\n\r\n"
    try HTTPClient.send(Array((head + chunks).utf8), to: descriptor)
    let refused = try HTTPClient.readAnswer(descriptor)
    #expect(refused.status == 413)
    #expect(refused.text == "too large")
    #expect(seen.requests.withLock { $0.map(\.bodyExceedsLimit) } == [true])
    #expect(seen.requests.withLock { $0.first?.body.isEmpty } == true)
    // The same connection serves the next request.
    let next = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
    try HTTPClient.send(Array(next.utf8), to: descriptor)
    let echoed = try HTTPClient.readAnswer(descriptor)
    #expect(echoed.status == 200)
    #expect(echoed.text == "POST 3:abc")
  }
}
