/// One event of a `text/event-stream` (server-sent events, WHATWG HTML "Server-sent events"): the bytes an
/// ``EventStream`` sends for it.
///
///     ServerSentEvent(id: "42", event: "change", data: #"{"op":"insert"}"#).bytes
///     // id: 42\nevent: change\ndata: {"op":"insert"}\n\n
public struct ServerSentEvent: Sendable, Equatable {
  /// The `id:` field: what a browser's `EventSource` sends back as `Last-Event-ID` when it reconnects.
  public var id: String?
  /// The `event:` field: the event's type (`message` when absent).
  public var event: String?
  /// The `data:` field; a line break in it starts another `data:` line, which the client joins with `\n`.
  public var data: String
  /// The `retry:` field: milliseconds a client waits before it reconnects.
  public var retry: Int?

  /// An event. `id` and `event` must not contain a line break (CR or LF), which would end the field: they are
  /// cut there.
  public init(id: String? = nil, event: String? = nil, data: String, retry: Int? = nil) {
    self.id = id.map(Self.firstLine)
    self.event = event.map(Self.firstLine)
    self.data = data
    self.retry = retry
  }

  /// The event as the stream carries it: its fields, each on a line ending in LF, and the blank line that
  /// dispatches it.
  public var bytes: [UInt8] {
    var text = ""
    if let retry { text += "retry: \(retry)\n" }
    if let id { text += "id: \(id)\n" }
    if let event { text += "event: \(event)\n" }
    for line in data.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      text += "data: \(line)\n"
    }
    text += "\n"
    return Array(text.utf8)
  }

  /// A comment line (`: TEXT`): clients ignore it; it keeps proxies from closing an idle stream, and writing it
  /// tells the server whether the client is still there.
  public static func comment(_ text: String) -> [UInt8] {
    Array(": \(firstLine(text))\n\n".utf8)
  }

  /// A `retry:` field alone: how long, in milliseconds, a client waits before it reconnects (it dispatches no
  /// event).
  public static func retry(milliseconds: Int) -> [UInt8] {
    Array("retry: \(milliseconds)\n\n".utf8)
  }

  private static func firstLine(_ text: String) -> String {
    text.firstIndex(where: \.isNewline).map { String(text[..<$0]) } ?? text
  }
}
