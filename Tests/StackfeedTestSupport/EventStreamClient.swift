import Foundation

/// One event as a test client reads it off a `text/event-stream`.
public struct ReceivedEvent: Equatable, Sendable {
  /// The `id:` field, if any.
  public var id: String?
  /// The `event:` field, if any.
  public var event: String?
  /// The `data:` lines joined with `\n`.
  public var data: String
  /// The `retry:` field, if any.
  public var retry: Int?

  /// An event.
  public init(id: String? = nil, event: String? = nil, data: String, retry: Int? = nil) {
    self.id = id
    self.event = event
    self.data = data
    self.retry = retry
  }
}

/// A test client of a server-sent event stream over a real socket: it sends one GET, reads the answer's head,
/// then the chunked body as it arrives, parsed into events (comment lines counted apart).
public final class EventStreamClient {
  /// The socket.
  public let descriptor: Int32
  /// The answer's status and header fields.
  public private(set) var head: HTTPReply
  /// Comment lines read so far (the server's heartbeats).
  public var comments: Int { parsed.comments }
  /// Whether the body ended with its last chunk (a clean end), once ``next(timeout:)`` returned nil.
  public var endedCleanly: Bool { chunked?.ended ?? false }
  private var closed = false
  private var raw: [UInt8] = []
  private var chunked: ChunkedBody?
  private var parsed = ReceivedEvents()

  /// Connects to 127.0.0.1:`port`, asks `GET target` with `headers`, and reads the answer's head.
  public init(port: Int, target: String, headers: [String] = [], receiveBuffer: Int32? = nil) throws {
    descriptor = try HTTPClient.connect(port: port, receiveBuffer: receiveBuffer)
    let request = (["GET \(target) HTTP/1.1", "Host: 127.0.0.1"] + headers + ["", ""]).joined(separator: "\r\n")
    try HTTPClient.send(Array(request.utf8), to: descriptor)
    head = HTTPReply(status: 0, headers: [], body: [])
    while true {
      if let end = Self.find([13, 10, 13, 10], in: raw) {
        head = try HTTPClient.parse(Array(raw[..<(end + 4)]))
        raw.removeFirst(end + 4)
        break
      }
      guard try receive(timeout: 10) else { throw HTTPClientError(text: "the connection ended before a head") }
    }
    if head.header("Transfer-Encoding") != nil { chunked = ChunkedBody() }
    try take(raw)
    raw = []
  }

  deinit { if !closed { Glibc.close(descriptor) } }

  /// The next event, waiting up to `timeout` seconds for it; nil when the stream ended (see ``endedCleanly``).
  /// Throws when nothing came in time.
  public func next(timeout: Double = 10) throws -> ReceivedEvent? {
    while true {
      if let event = parsed.next() { return event }
      if endedCleanly { return nil }
      guard try receive(timeout: timeout) else { return nil }
    }
  }

  /// Waits up to `timeout` seconds for one more comment line than read so far (the next heartbeat); whether it
  /// came. Events read meanwhile are dropped.
  public func nextComment(timeout: Double = 10) throws -> Bool {
    let seen = comments
    while comments == seen {
      if parsed.next() != nil { continue }
      guard !endedCleanly, try receive(timeout: timeout) else { return false }
    }
    return true
  }

  /// Every event until the stream ends.
  public func rest(timeout: Double = 10) throws -> [ReceivedEvent] {
    var events: [ReceivedEvent] = []
    while let event = try next(timeout: timeout) { events.append(event) }
    return events
  }

  /// Closes the socket with a reset (no FIN), as a client whose machine vanished looks once it answers.
  public func reset() {
    closed = true
    HTTPClient.reset(descriptor)
  }

  /// Closes the socket (FIN), as a client that went away.
  public func close() {
    closed = true
    Glibc.close(descriptor)
  }

  /// Reads more bytes: false at the end of the connection. Throws when none came within `timeout` seconds.
  private func receive(timeout: Double) throws -> Bool {
    var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&polled, 1, Int32(timeout * 1000)) > 0 else {
      throw HTTPClientError(text: "nothing came within \(timeout) s")
    }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return false }
    if head.status == 0 {
      raw += chunk[0..<count]
    } else {
      try take(Array(chunk[0..<count]))
    }
    return true
  }

  /// Hands the body's `bytes` to the event parser, through the dechunker when the body is chunked (which throws
  /// on a malformed chunk: a broken stream is not a clean end).
  private func take(_ bytes: [UInt8]) throws {
    parsed.append(try chunked?.append(bytes) ?? bytes)
  }

  static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
  }
}

/// A `text/event-stream` parsed as it arrives: the bytes in, the whole events out.
public struct ReceivedEvents {
  /// Comment lines read so far (the server's heartbeats).
  public private(set) var comments = 0
  private var text: [UInt8] = []

  /// Nothing read yet.
  public init() {}

  /// More of the stream.
  public mutating func append(_ bytes: [UInt8]) { text += bytes }

  /// Every whole event read so far, taken.
  public mutating func all() -> [ReceivedEvent] {
    var events: [ReceivedEvent] = []
    while let event = next() { events.append(event) }
    return events
  }

  /// The next whole event, if one has arrived (comment-only blocks counted and skipped).
  public mutating func next() -> ReceivedEvent? {
    while let end = EventStreamClient.find([10, 10], in: text) {
      let block = String(decoding: text[..<end], as: UTF8.self)
      text.removeFirst(end + 2)
      var event = ReceivedEvent(data: "")
      var data: [String] = []
      for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix(":") {
          comments += 1
          continue
        }
        let colon = line.firstIndex(of: ":") ?? line.endIndex
        let name = line[..<colon]
        var value = colon < line.endIndex ? line[line.index(after: colon)...] : ""
        if value.hasPrefix(" ") { value = value.dropFirst() }
        switch name {
        case "id": event.id = String(value)
        case "event": event.event = String(value)
        case "data": data.append(String(value))
        case "retry": event.retry = Int(value)
        default: break
        }
      }
      guard !data.isEmpty else { continue }
      event.data = data.joined(separator: "\n")
      return event
    }
    return nil
  }

}
