import FeedStore
import HTTPServer

extension FeedAPI {
  /// `GET /v1/events` (and `/v1/me/events`, for the caller's user): the changes `viewer`'s feed may show as
  /// server-sent events (docs/HTTP.md, "Live changes"), each `id: VERSION`, `event: change`, `data:` the change
  /// as `/v1/changes` gives it, on one line, drawn for the request's width, format, zone and traits. It starts
  /// after the version `Last-Event-ID` names (what a browser's `EventSource` sends when it reconnects), else
  /// `since`, else now (each, when given, digits: else 400); 410 when the log no longer holds the changes after it,
  /// 503 when the server has as many subscribers as it takes (`serve --max-subscribers`) or streams no events.
  /// `HEAD` answers as `GET` would, without opening a stream.
  func events(_ request: HTTPRequest, _ query: inout Query, _ snapshot: FeedSnapshot, viewer: String) throws
    -> HTTPResponse
  {
    let since = try query.value(of: "since").map { text throws(Problem) in try Self.version(text, of: "since") }
    let writer = try changeWriter(&query, viewer: viewer)
    try query.finish()
    let resumed = try request.header("Last-Event-ID").map { text throws(Problem) in
      try Self.version(text, of: "Last-Event-ID")
    }
    let version: UInt64
    if let after = resumed ?? since {
      do {
        _ = try ChangeLog.changes(after: after, visibleTo: viewer, limit: 1, in: snapshot.database)
      } catch let gone as ChangeLogGone {
        throw Problem(status: 410, detail: gone.description)
      }
      version = after
    } else {
      version = try snapshot.changes()
    }
    // A 503 is returned, not thrown: a thrown server error is answered as an internal one.
    guard let changeStreams else {
      return Problem(status: 503, detail: "this server streams no events").response
    }
    let full = Problem(
      status: 503,
      detail: "the server has as many event subscribers as it takes (serve --max-subscribers): try again later",
      headers: [HTTPField("Retry-After", "5")]
    ).response
    let headers = [
      HTTPField("Content-Type", "text/event-stream"), HTTPField("Cache-Control", "no-store"),
      HTTPField("X-Accel-Buffering", "no"),
    ]
    // HEAD: GET's answer without its body, so no stream is opened (the server sends the head alone).
    guard request.method != "HEAD" else {
      return changeStreams.streams.count < changeStreams.streams.limit
        ? HTTPResponse(status: 200, headers: headers) : full
    }
    guard
      let stream = changeStreams.streams.open(
        overflow: ServerSentEvent(
          event: "resume", data: #"{"detail": "the stream fell behind: reconnect with Last-Event-ID"}"#),
        onEnd: { [changeStreams] in changeStreams.unsubscribe($0) })
    else { return full }
    stream.send(ServerSentEvent.retry(milliseconds: ChangeStreams.retryMilliseconds))
    changeStreams.subscribe(stream, viewer: viewer, writer: writer, after: version)
    return HTTPResponse(status: 200, headers: headers, stream: stream)
  }
}
