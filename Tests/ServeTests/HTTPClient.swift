import Foundation

/// A parsed answer: status, headers, body.
struct HTTPReply {
  var status: Int
  var headers: [(name: String, value: String)]
  var body: [UInt8]

  /// The first header named `name` (case-insensitive).
  func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The body as text.
  var text: String { String(decoding: body, as: UTF8.self) }

  /// The body as a JSON object.
  func json() throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
      throw ServerError(text: "not a JSON object: \(text)")
    }
    return object
  }
}

/// A minimal HTTP/1.1 test client over a blocking socket: one request per connection (`Connection: close`),
/// read to the end, so tests see exactly the bytes the server sent.
enum HTTPClient {
  /// Connects to 127.0.0.1:`port`; the socket descriptor. `receiveBuffer` shrinks the socket's receive buffer
  /// (before connecting, so the TCP window stays small too).
  static func connect(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw ServerError(text: "socket: \(errno)") }
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
      throw ServerError(text: "connect to port \(port): \(String(cString: strerror(code)))")
    }
    return descriptor
  }

  /// Sends all of `bytes`.
  static func send(_ bytes: [UInt8], to descriptor: Int32) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw ServerError(text: "send: \(String(cString: strerror(errno)))") }
      offset += sent
    }
  }

  /// Reads until the server closes the connection.
  static func readToEnd(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// One request and its whole answer.
  static func request(port: Int, method: String = "GET", target: String, headers: [String] = []) throws -> HTTPReply {
    let descriptor = try connect(port: port)
    defer { close(descriptor) }
    let head = (["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"] + headers + ["", ""])
      .joined(separator: "\r\n")
    try send(Array(head.utf8), to: descriptor)
    return try parse(readToEnd(descriptor), method: method)
  }

  /// Splits raw response bytes into status, headers and body; checks that the body is as long as
  /// `Content-Length` says (a cut response fails here).
  static func parse(_ bytes: [UInt8], method: String = "GET") throws -> HTTPReply {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
      throw ServerError(text: "no complete response head in \(bytes.count) bytes")
    }
    let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw ServerError(text: "bad status line \(lines[0])")
    }
    let headers = lines.dropFirst().compactMap { line -> (String, String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    let reply = HTTPReply(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    if method != "HEAD", status != 304, let length = reply.header("Content-Length").flatMap(Int.init),
      length != reply.body.count
    {
      throw ServerError(text: "body of \(reply.body.count) bytes, Content-Length \(length)")
    }
    return reply
  }
}
