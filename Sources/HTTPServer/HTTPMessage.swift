/// One header field or query argument: a name and its value.
public struct HTTPField: Sendable, Hashable {
  /// The field name, as the client spelled it (compare header names case-insensitively).
  public var name: String
  /// The value; `nil` for a query argument without `=` (`?debug`).
  public var value: String?

  /// Creates a field.
  public init(_ name: String, _ value: String?) {
    self.name = name
    self.value = value
  }
}

/// One HTTP request as a handler sees it. libmicrohttpd has parsed it: the path and the query arguments are
/// percent-decoded, the query is split into arguments in their order. A body is read for methods other than
/// `GET` and `HEAD`, up to the server's ``HTTPServer/Configuration/bodyLimit``.
public struct HTTPRequest: Sendable {
  /// The method, e.g. `GET` (case as sent).
  public var method: String
  /// The decoded path without the query, e.g. `/v1/feed`.
  public var path: String
  /// The decoded query arguments, in order.
  public var query: [HTTPField]
  /// The header fields, in order.
  public var headers: [HTTPField]
  /// The body, whole (empty for `GET` and `HEAD`, whose bodies are discarded, and when
  /// ``bodyExceedsLimit``).
  public var body: [UInt8]
  /// True when the body is longer than the server's limit: it was not kept (``body`` is empty), and the handler
  /// answers 413. A body declared longer (`Content-Length`) is answered before it is read, and the server closes
  /// the connection after the answer; a chunked one is discarded to its end, then answered, and the connection
  /// stays open.
  public var bodyExceedsLimit: Bool
  /// What the server's ``HTTPServer/Configuration/admit`` learned from this request's head
  /// (``BodyAdmission/admitted``), handed on with the whole request; `nil` for a request without a body (`GET`,
  /// `HEAD`) and one made in process.
  public var admitted: (any Sendable)?

  /// Creates a request (the server makes them; tests may too).
  public init(
    method: String, path: String, query: [HTTPField] = [], headers: [HTTPField] = [], body: [UInt8] = [],
    bodyExceedsLimit: Bool = false, admitted: (any Sendable)? = nil
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.bodyExceedsLimit = bodyExceedsLimit
    self.admitted = admitted
  }

  /// The first header field named `name` (ASCII case-insensitive), if any.
  public func header(_ name: String) -> String? {
    headers.first { $0.isNamed(name) }?.value
  }

  /// The values of every header field named `name` (ASCII case-insensitive), in the order sent.
  public func headers(named name: String) -> [String] {
    headers.compactMap { $0.isNamed(name) ? ($0.value ?? "") : nil }
  }
}

extension HTTPField {
  /// Whether the field's name is `name`, ASCII case-insensitive, compared without making a lowercased copy.
  fileprivate func isNamed(_ name: String) -> Bool {
    // The lengths first (a native string knows its own): most fields differ there, before a byte is compared.
    self.name.utf8.count == name.utf8.count && Self.equalIgnoringCase(self.name.utf8, name.utf8)
  }

  /// Whether the bytes `text` and `other` are equal but for the case of ASCII letters: how header names, and
  /// the tokens in header values (a media type, an authentication scheme), compare (RFC 9110 §5.1, §8.3.1,
  /// §11.1), without making a lowercased copy. Inlinable: specialised for the caller's sequences, a few
  /// instructions a byte.
  @inlinable public static func equalIgnoringCase(_ text: some Sequence<UInt8>, _ other: some Sequence<UInt8>)
    -> Bool
  {
    text.elementsEqual(other) { lowercase($0) == lowercase($1) }
  }
}

/// `byte` with an ASCII capital letter made small (header names are ASCII tokens).
@usableFromInline func lowercase(_ byte: UInt8) -> UInt8 {
  byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
}

/// What a handler answers: a status, header fields and the whole body. `Content-Length` and `Date` are added
/// by libmicrohttpd; for `HEAD` it sends the headers of the `GET` response without the body.
public struct HTTPResponse: Sendable {
  /// The status code, e.g. 200.
  public var status: Int
  /// The header fields to send, in order.
  public var headers: [HTTPField]
  /// The body bytes.
  public var body: [UInt8]
  /// When set, the body is this stream instead of ``body``: sent chunked, piece by piece as it is queued,
  /// until it ends (``EventStream``). A `HEAD` is answered the head alone, and the stream cancelled.
  public var stream: EventStream?
  /// What the server's log says of this answer besides its line (an internal error's cause, under the request id
  /// the body gives the client); never sent. The server hands it to ``HTTPExchange/note``.
  public var logNote: String?

  /// Creates a response.
  public init(
    status: Int, headers: [HTTPField] = [], body: [UInt8] = [], stream: EventStream? = nil, logNote: String? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.stream = stream
    self.logNote = logNote
  }
}

/// One finished exchange, reported after the response was sent (or the client went away): for access logs.
public struct HTTPExchange: Sendable {
  /// The request method.
  public var method: String
  /// The decoded request path.
  public var path: String
  /// The status sent; 0 when the connection ended before a response was queued.
  public var status: Int
  /// The body size of the response (0 for `HEAD`).
  public var bytes: Int
  /// From the request's headers being read to the end of the exchange.
  public var duration: Duration
  /// False when the client disconnected, the connection timed out or the server stopped before the response
  /// was fully sent.
  public var completed: Bool
  /// The response's ``HTTPResponse/logNote``, if any.
  public var note: String?

  /// An exchange as the server reports it (and as a test of an access log makes one).
  public init(
    method: String, path: String, status: Int, bytes: Int, duration: Duration, completed: Bool, note: String? = nil
  ) {
    self.method = method
    self.path = path
    self.status = status
    self.bytes = bytes
    self.duration = duration
    self.completed = completed
    self.note = note
  }
}
