import Foundation

/// A parsed answer: status, headers, body.
public struct HTTPReply {
  /// The status code.
  public var status: Int
  /// The header fields in the order received.
  public var headers: [(name: String, value: String)]
  /// The body as received.
  public var body: [UInt8]

  /// The first header named `name` (case-insensitive).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The body as text.
  public var text: String { String(decoding: body, as: UTF8.self) }

  /// The body as a JSON object.
  public func json() throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
      throw HTTPClientError(text: "not a JSON object: \(text)")
    }
    return object
  }
}

/// A minimal HTTP/1.1 test client over a blocking socket: one request per connection (`Connection: close`),
/// read to the end, so tests see exactly the bytes the server sent.
public enum HTTPClient {
  /// Connects to 127.0.0.1:`port`; the socket descriptor. `receiveBuffer` shrinks the socket's receive buffer
  /// (before connecting, so the TCP window stays small too).
  public static func connect(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw HTTPClientError(text: "socket: \(errno)") }
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(descriptor)
      throw HTTPClientError(text: "connect to port \(port): \(String(cString: strerror(code)))")
    }
    return descriptor
  }

  /// Sends all of `bytes`.
  public static func send(_ bytes: [UInt8], to descriptor: Int32) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw HTTPClientError(text: "send: \(String(cString: strerror(errno)))") }
      offset += sent
    }
  }

  /// Closes the connection with a reset (`SO_LINGER` 0): the server's next send on it fails.
  public static func reset(_ descriptor: Int32) {
    var lingerNot = linger(l_onoff: 1, l_linger: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &lingerNot, socklen_t(MemoryLayout<linger>.size))
    close(descriptor)
  }

  /// Reads until the server closes the connection.
  public static func readToEnd(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// Reads one answer on a connection kept alive: its head and `Content-Length` bytes of body, parsed.
  public static func readAnswer(_ descriptor: Int32) throws -> HTTPReply {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      if let reply = try? parse(bytes) { return reply }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return try parse(bytes) }
      bytes += chunk[0..<count]
    }
  }

  /// One request and its whole answer. `body` is sent after the head as it is (give its `Content-Length` in
  /// `headers`).
  public static func request(
    port: Int, method: String = "GET", target: String, headers: [String] = [], body: [UInt8] = []
  ) throws -> HTTPReply {
    let descriptor = try connect(port: port)
    defer { close(descriptor) }
    let head = (["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"] + headers + ["", ""])
      .joined(separator: "\r\n")
    try send(Array(head.utf8) + body, to: descriptor)
    let reply = try parse(readToEnd(descriptor), method: method)
    ExchangeRecord.append(
      APIExchange(
        method: method, target: target, requestHeaders: headers.compactMap(ExchangeRecord.field), requestBody: body,
        status: reply.status, headers: reply.headers.map { ($0.name, $0.value) }, body: reply.body))
    return reply
  }

  /// Splits raw response bytes into status, headers and body; checks that the body is as long as
  /// `Content-Length` says (a cut response fails here).
  public static func parse(_ bytes: [UInt8], method: String = "GET") throws -> HTTPReply {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
      throw HTTPClientError(text: "no complete response head in \(bytes.count) bytes")
    }
    let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw HTTPClientError(text: "bad status line \(lines[0])")
    }
    let headers = lines.dropFirst().compactMap { line -> (String, String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    let reply = HTTPReply(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    if method != "HEAD", status != 304, let length = reply.header("Content-Length").flatMap(Int.init),
      length != reply.body.count
    {
      throw HTTPClientError(text: "body of \(reply.body.count) bytes, Content-Length \(length)")
    }
    return reply
  }
}

/// A request that could not be made or an answer that is not whole HTTP: `text` says which
/// (`connect to port …`, `send: …`, `no complete response head …`).
public struct HTTPClientError: Error, CustomStringConvertible {
  /// What went wrong.
  public var text: String
  /// The text.
  public var description: String { text }
}
