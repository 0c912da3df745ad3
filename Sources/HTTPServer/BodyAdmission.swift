/// What the server does with a request's body, decided from the request's head — its method, path, query and
/// headers, before any of the body is read (``HTTPServer/Configuration/admit``): how much of it to read, and
/// whether to read it at all or answer at once. A write whose caller may not make it is refused before its
/// body (up to 8 MiB for an image) crosses the network.
public struct BodyAdmission: Sendable {
  /// The longest body read, in bytes; `nil`: the server's ``HTTPServer/Configuration/bodyLimit``. A body declared
  /// longer is answered as too large (``HTTPRequest/bodyExceedsLimit``) before this admission's ``refusal``.
  public var limit: Int?
  /// The answer sent at once, none of the body read (libmicrohttpd closes the connection after it); `nil`: the
  /// body is read and the handler answers the whole request.
  public var refusal: HTTPResponse?
  /// What the admission learned from the head that the handler need not learn again (e.g. the caller it
  /// verified): handed to the handler with the whole request as ``HTTPRequest/admitted``.
  public var admitted: (any Sendable)?

  /// An admission reading at most `limit` bytes of body, or answering `refusal` without reading any; `admitted`
  /// goes to the handler with the request.
  public init(limit: Int? = nil, refusal: HTTPResponse? = nil, admitted: (any Sendable)? = nil) {
    self.limit = limit
    self.refusal = refusal
    self.admitted = admitted
  }

  /// Every body read, up to the server's limit.
  public static let read = BodyAdmission()
}
