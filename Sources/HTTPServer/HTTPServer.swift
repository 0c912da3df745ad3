import CMicroHTTPD
import Dispatch
import Glibc
import Synchronization

/// An HTTP/1.1 server on GNU libmicrohttpd: it parses requests, runs `handler` for each on a worker thread and
/// sends what it returns. This module is the only one that sees libmicrohttpd's C API.
///
///     let server = try HTTPServer(.init(host: "127.0.0.1", port: 0, threads: 2)) { request in
///       HTTPResponse(status: 200, headers: [HTTPField("Content-Type", "text/plain; charset=utf-8")],
///                    body: Array("hello\n".utf8))
///     }
///     print(server.port)   // the port the kernel chose
///     server.stop()        // stops accepting, lets in-flight requests finish, closes every connection
public final class HTTPServer: @unchecked Sendable {
  /// How the server listens and what it bounds.
  public struct Configuration: Sendable {
    /// The address to bind: a host name or a numeric IPv4/IPv6 address.
    public var host: String
    /// The TCP port; 0 lets the kernel choose one (see ``HTTPServer/port``).
    public var port: Int
    /// Worker threads, each running its own epoll loop over its share of the connections (libmicrohttpd's
    /// thread pool); 0 runs one thread per connection instead.
    public var threads: Int
    /// Connections open at once. A client past the limit waits, connected, in the listen backlog (4,096 asked,
    /// capped by the kernel at `net.core.somaxconn`) until a connection closes.
    public var connectionLimit: Int
    /// Seconds a connection may stay silent before it is closed.
    public var idleTimeoutSeconds: Int
    /// Memory per connection for the request line and headers: a longer URL is answered 414, longer headers 431.
    public var requestMemoryLimit: Int
    /// The longest request body read, in bytes: a longer one is not read (see ``HTTPRequest/bodyExceedsLimit``),
    /// so a connection holds at most this much body besides ``requestMemoryLimit``.
    public var bodyLimit: Int
    /// What to do with the body of a request that has one (every method but `GET` and `HEAD`), decided from its
    /// head when the headers are read — the request it is given has no body yet: read it up to ``bodyLimit`` or
    /// another limit (`stackfeed serve`: an image's `PUT`), or answer at once without reading it (a write whose
    /// token does not allow it). By default every body is read up to ``bodyLimit``.
    public var admit: @Sendable (_ head: HTTPRequest) -> BodyAdmission = { _ in .read }

    /// The file descriptors the server holds besides one per open connection (measured in `/proc/PID/fd`): the
    /// listening socket, the ``Acceptor``'s pipe, and for libmicrohttpd's polling an epoll descriptor and an
    /// eventfd per worker thread, or with a thread per connection one eventfd.
    public var serverDescriptors: Int { 3 + (threads == 0 ? 1 : 2 * threads) }

    /// A configuration with the defaults: 1024 connections, a 30 s idle timeout, 16 KiB of request head, 64 KiB
    /// of body.
    public init(
      host: String, port: Int, threads: Int, connectionLimit: Int = 1024, idleTimeoutSeconds: Int = 30,
      requestMemoryLimit: Int = 16 * 1024, bodyLimit: Int = 64 * 1024
    ) {
      self.host = host
      self.port = port
      self.threads = threads
      self.connectionLimit = connectionLimit
      self.idleTimeoutSeconds = idleTimeoutSeconds
      self.requestMemoryLimit = requestMemoryLimit
      self.bodyLimit = bodyLimit
    }
  }

  /// The port the server listens on.
  public let port: Int
  /// libmicrohttpd's daemons: one per worker thread, or the one starting a thread per connection.
  private let daemons: [OpaquePointer]
  private let core: Core
  private let stopped = Mutex(false)
  /// Writes the streams' heartbeats, four times per heartbeat (nil without streams).
  private let heartbeat: DispatchSourceTimer?

  /// The connections open now, counted from libmicrohttpd's connection notifications (in both threading modes):
  /// what `stackfeed serve` reports as `stackfeed_http_connections` (docs/HTTP.md, "Metrics").
  public var openConnections: Int { core.open.load(ordering: .relaxed) }

  /// Loads GNU libmicrohttpd, once per process (the initializer does too): a command calls it before any other
  /// work to learn at once whether this machine can serve. Throws one sentence naming the package to install
  /// when the library is missing (the package builds without it; only serving needs it).
  public static func loadLibrary() throws(HTTPServerError) {
    guard stackfeed_mhd_load() == 0 else { return }
    throw HTTPServerError(
      isAddressInUse: false,
      description: stackfeed_mhd_load_error().map { String(cString: $0) } ?? "GNU libmicrohttpd cannot be loaded")
  }

  /// Loads libmicrohttpd, binds the address and starts the worker threads. `handler` runs on them, several at
  /// once; `onFinish` is called once per request when its exchange ends (for access logs); `onIdle` when the
  /// last open connection closed, at most once a second, before malloc's freed memory is given back
  /// (``IdleMemory``): the place to free what the handler keeps between loads. `streams` are the event streams
  /// the handler may answer with (``HTTPResponse/stream``): the server writes their heartbeats and ends them
  /// when it stops.
  /// Throws when the library is missing (``loadLibrary()``) or the address cannot be bound
  /// (``HTTPServerError/isAddressInUse`` when another program has it).
  public init(
    _ configuration: Configuration, onFinish: @escaping @Sendable (HTTPExchange) -> Void = { _ in },
    onIdle: @escaping @Sendable () -> Void = {}, streams: EventStreams? = nil,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(HTTPServerError) {
    try Self.loadLibrary()
    let socket = try ListeningSocket.bind(
      host: configuration.host, port: configuration.port, backlog: ListeningSocket.backlog)
    // The server accepts its connections itself (``Acceptor``) and hands each to libmicrohttpd, never the
    // listening socket: with worker threads, one daemon per thread, each with its own epoll loop, given the
    // connections in turn (not libmicrohttpd's thread pool, whose workers each accept for themselves).
    var flags =
      MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
    if configuration.threads == 0 {
      flags |= MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL.rawValue
    } else {
      flags |= MHD_USE_EPOLL.rawValue
      // An idle stream's connection is suspended: it leaves its worker's epoll set until a piece is queued.
      if streams != nil { flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue }
    }
    var options: [MHD_OptionItem] = [
      Self.option(.CONNECTION_TIMEOUT, configuration.idleTimeoutSeconds),
      Self.option(.CONNECTION_MEMORY_LIMIT, configuration.requestMemoryLimit),
      // The acceptor keeps to the limit; libmicrohttpd's own is never reached: its count runs at most one
      // connection ahead of the acceptor's (a closed connection is counted off just after the notification).
      Self.option(.CONNECTION_LIMIT, configuration.connectionLimit + 2),
      Self.option(.END, 0),
    ]
    let acceptor: Acceptor
    do {
      acceptor = try Acceptor(listener: socket.descriptor, limit: configuration.connectionLimit)
    } catch {
      close(socket.descriptor)
      throw error
    }
    let core = Core(
      handler: handler, onFinish: onFinish, idleMemory: IdleMemory(freeing: onIdle), bodyLimit: configuration.bodyLimit,
      admit: configuration.admit,
      connectionLimit: configuration.connectionLimit, acceptor: acceptor, suspends: configuration.threads > 0,
      streams: streams)
    let closure = Unmanaged.passUnretained(core).toOpaque()
    var daemons: [OpaquePointer] = []
    for _ in 0..<max(1, configuration.threads) {
      guard
        let daemon = stackfeed_mhd_start(
          flags, acceptPolicy, accessHandler, requestCompleted, connectionNotified, closure, &options)
      else {
        for daemon in daemons { stackfeed_mhd_stop_daemon(daemon) }
        close(socket.descriptor)
        throw HTTPServerError(
          isAddressInUse: false,
          description: "libmicrohttpd could not start on \(configuration.host) port \(socket.port) "
            + "(threads \(configuration.threads))")
      }
      daemons.append(daemon)
    }
    do {
      try acceptor.start(daemons)
    } catch {
      for daemon in daemons { stackfeed_mhd_stop_daemon(daemon) }
      close(socket.descriptor)
      throw error
    }
    self.daemons = daemons
    self.core = core
    self.port = socket.port
    heartbeat = streams.map { streams in
      let timer = DispatchSource.makeTimerSource(queue: .global())
      let tick = DispatchTimeInterval.microseconds(Int(streams.heartbeat / .microseconds(4)))
      timer.schedule(deadline: .now() + tick, repeating: tick)
      timer.setEventHandler { streams.beat() }
      timer.resume()
      return timer
    }
  }

  deinit {
    stop(grace: .zero)
  }

  /// Stops: accepts no new connection from now on, finishes every event stream (each ends cleanly once what it
  /// has queued is sent), waits up to `grace` for the requests in flight to be answered in full, then closes
  /// every connection, joins the worker threads and closes the listening socket. Calling it again does nothing.
  ///
  /// The ``Acceptor`` stops accepting (a client that connects from now on waits in the listen backlog until the
  /// socket is closed), and libmicrohttpd's accept policy refuses any connection handed to it after that; the
  /// listening socket, which libmicrohttpd never had, is closed here once the daemon stopped.
  public func stop(grace: Duration = .seconds(10)) {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    heartbeat?.cancel()
    // Before the daemon stops: libmicrohttpd must not hold a suspended connection then.
    core.streams?.finishAll()
    core.accepting.store(false, ordering: .releasing)
    core.acceptor.stop()
    let clock = ContinuousClock()
    let deadline = clock.now + grace
    while core.inFlight.load(ordering: .acquiring) > 0 && clock.now < deadline {
      usleep(2000)
    }
    for daemon in daemons { stackfeed_mhd_stop_daemon(daemon) }
    close(core.acceptor.listener)
  }

  private static func option(_ option: MHD_OPTION, _ value: Int) -> MHD_OptionItem {
    MHD_OptionItem(option: option, value: value, ptr_value: nil)
  }
}

/// What the C callbacks reach through their closure pointer.
private final class Core: Sendable {
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  let onFinish: @Sendable (HTTPExchange) -> Void
  let bodyLimit: Int
  let admit: @Sendable (HTTPRequest) -> BodyAdmission
  let inFlight = Atomic(0)
  /// False once the server stops: libmicrohttpd's accept policy (``acceptPolicy``) closes new connections.
  let accepting = Atomic(true)
  /// The connections open now (libmicrohttpd's connection notifications).
  let open = Atomic(0)
  /// The most connections open at once: at it, every answer closes its connection (``queue(_:on:core:)``).
  let connectionLimit: Int
  /// What accepts the connections and hands them to libmicrohttpd.
  let acceptor: Acceptor
  /// Whether a waiting stream's connection is suspended (worker threads; with a thread per connection its
  /// thread waits instead).
  let suspends: Bool
  /// Trims malloc's arenas when the last connection closes.
  let idleMemory: IdleMemory
  /// The event streams the handler answers with, if any.
  let streams: EventStreams?

  init(
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, onFinish: @escaping @Sendable (HTTPExchange) -> Void,
    idleMemory: IdleMemory, bodyLimit: Int, admit: @escaping @Sendable (HTTPRequest) -> BodyAdmission,
    connectionLimit: Int, acceptor: Acceptor, suspends: Bool, streams: EventStreams?
  ) {
    self.handler = handler
    self.onFinish = onFinish
    self.idleMemory = idleMemory
    self.bodyLimit = bodyLimit
    self.admit = admit
    self.connectionLimit = connectionLimit
    self.acceptor = acceptor
    self.suspends = suspends
    self.streams = streams
  }
}

/// libmicrohttpd's accept policy: every connection until the server stops, none after (closed unread).
private let acceptPolicy: MHD_AcceptPolicyCallback = { closure, _, _ in
  guard let closure else { return .YES }
  return Unmanaged<Core>.fromOpaque(closure).takeUnretainedValue().accepting.load(ordering: .acquiring) ? .YES : .NO
}

/// libmicrohttpd's connection notification: counts the open connections; a closed one frees the ``Acceptor``'s
/// slot, and the last one closed gives the freed memory back (``IdleMemory``).
private let connectionNotified: MHD_NotifyConnectionCallback = { closure, _, _, code in
  guard let closure else { return }
  let core = Unmanaged<Core>.fromOpaque(closure).takeUnretainedValue()
  switch code {
  case .CONNECTION_NOTIFY_STARTED:
    core.open.add(1, ordering: .relaxed)
  case .CONNECTION_NOTIFY_CLOSED:
    let left = core.open.subtract(1, ordering: .relaxed).newValue
    core.acceptor.closed()
    if left == 0 { core.idleMemory.idle() }
  }
}

/// One request's state between libmicrohttpd's calls (kept in its `con_cls`).
private final class Exchange {
  let method: String
  let path: String
  let start = ContinuousClock.now
  /// Whether the body is read (every method but GET and HEAD).
  let readsBody: Bool
  /// The longest body read (the server's ``HTTPServer/Configuration/bodyLimit``, or its limit for this request).
  var bodyLimit = 0
  var body: [UInt8] = []
  /// Whether the body grew past the limit: its pieces are discarded from then on, and the request is answered
  /// (413) once it has all been read.
  var bodyExceedsLimit = false
  /// What the admission of the head handed on to the handler (``BodyAdmission/admitted``).
  var admitted: (any Sendable)?
  /// Whether the answer is queued (a refused body's remaining pieces are then discarded).
  var answered = false
  var status = 0
  var bytes = 0
  var note: String?

  init(method: String, path: String) {
    self.method = method
    self.path = path
    readsBody = method != "GET" && method != "HEAD"
  }

  /// Notes what the access log shows of `response`, the answer.
  func record(_ response: HTTPResponse) {
    status = response.status
    bytes = method == "HEAD" || response.stream != nil ? 0 : response.body.count
    note = response.logNote
  }
}

/// libmicrohttpd's access handler: called when the headers are read, again for each piece of body, and once
/// more when the request is complete. GET and HEAD are answered then, their bodies discarded. For other methods
/// the head is first shown to the configuration's `admit` (``BodyAdmission``), which sets the body limit or
/// answers at once, before any of the body is read (and before a client that sent `Expect: 100-continue` is told
/// to send it); otherwise their bodies are collected up to the limit and the request answered when complete. A
/// body declared longer (`Content-Length`) is answered at once, before any of it is read: the handler sees
/// ``HTTPRequest/bodyExceedsLimit`` (libmicrohttpd closes the connection after an answer sent before the whole
/// request was read). A body without a length (chunked) that grows past the limit is dropped, and its further
/// pieces discarded as they come, as a GET's are (libmicrohttpd 0.9.75 cannot queue an answer in the middle of
/// a body); at its end the handler sees ``HTTPRequest/bodyExceedsLimit``, and since the whole request was read
/// the connection stays open for the next one.
private let accessHandler: MHD_AccessHandlerCallback = {
  closure, connection, url, method, _, uploadData, uploadSize, state in
  guard let closure, let connection, let state, let uploadSize else { return .NO }
  let core = Unmanaged<Core>.fromOpaque(closure).takeUnretainedValue()
  guard let pointer = state.pointee else {  // the headers are read
    let exchange = Exchange(
      method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/")
    state.pointee = Unmanaged.passRetained(exchange).toOpaque()
    core.inFlight.add(1, ordering: .relaxed)
    guard exchange.readsBody else { return .YES }
    let head = request(of: exchange, on: connection, bodyExceedsLimit: false)
    let admission = core.admit(head)
    exchange.bodyLimit = admission.limit ?? core.bodyLimit
    exchange.admitted = admission.admitted
    if let length = head.header("Content-Length").flatMap({ Int($0) }), length > exchange.bodyLimit {
      return answer(exchange, on: connection, core: core, bodyExceedsLimit: true)
    }
    if let refusal = admission.refusal {
      exchange.answered = true
      exchange.record(refusal)
      return queue(refusal, on: connection, core: core)
    }
    return .YES
  }
  let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeUnretainedValue()
  let size = uploadSize.pointee
  guard size == 0 else {  // a piece of the body
    uploadSize.pointee = 0
    guard exchange.readsBody, !exchange.answered, !exchange.bodyExceedsLimit else { return .YES }
    guard exchange.body.count + size <= exchange.bodyLimit else {
      exchange.body = []
      exchange.bodyExceedsLimit = true
      return .YES
    }
    if let uploadData {
      exchange.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: size))
    }
    return .YES
  }
  guard !exchange.answered else { return .YES }
  return answer(exchange, on: connection, core: core, bodyExceedsLimit: exchange.bodyExceedsLimit)
}

/// Runs the handler for `exchange`'s request and queues its answer.
private func answer(_ exchange: Exchange, on connection: OpaquePointer, core: Core, bodyExceedsLimit: Bool)
  -> MHD_Result
{
  exchange.answered = true
  let request = request(of: exchange, on: connection, bodyExceedsLimit: bodyExceedsLimit)
  exchange.body = []
  var response = core.handler(request)
  if exchange.method == "HEAD", let stream = response.stream {
    // GET's head alone: libmicrohttpd 0.9.75 would send a chunked body's last chunk even to a HEAD.
    stream.cancel()
    response.stream = nil
  }
  exchange.record(response)
  return queue(response, on: connection, core: core)
}

/// The request of `exchange` on `connection`, with the body read so far.
private func request(of exchange: Exchange, on connection: OpaquePointer, bodyExceedsLimit: Bool) -> HTTPRequest {
  HTTPRequest(
    method: exchange.method, path: exchange.path, query: fields(of: connection, kind: .GET_ARGUMENT_KIND),
    headers: fields(of: connection, kind: .HEADER_KIND), body: exchange.body, bodyExceedsLimit: bodyExceedsLimit,
    admitted: exchange.admitted)
}

/// libmicrohttpd's completion callback: the request's exchange is over (sent, or the connection ended).
private let requestCompleted: MHD_RequestCompletedCallback = { closure, _, state, termination in
  guard let closure, let state, let pointer = state.pointee else { return }
  state.pointee = nil
  let core = Unmanaged<Core>.fromOpaque(closure).takeUnretainedValue()
  let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue()
  core.inFlight.subtract(1, ordering: .releasing)
  core.onFinish(
    HTTPExchange(
      method: exchange.method, path: exchange.path, status: exchange.status, bytes: exchange.bytes,
      duration: ContinuousClock.now - exchange.start, completed: termination == .REQUEST_TERMINATED_COMPLETED_OK,
      note: exchange.note))
}

/// Sends `response` (libmicrohttpd copies the body). At the connection limit the answer carries
/// `Connection: close` and libmicrohttpd closes the connection after it, so that a client waiting to connect
/// gets its turn: kept-alive connections would otherwise hold every slot for as long as their clients keep
/// asking.
private func queue(_ response: HTTPResponse, on connection: OpaquePointer, core: Core) -> MHD_Result {
  let made: OpaquePointer?
  if let stream = response.stream {
    made = streamed(stream, on: connection, core: core)
  } else {
    made = response.body.withUnsafeBytes { body in
      stackfeed_mhd_create_response_from_buffer(
        body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), .RESPMEM_MUST_COPY)
    }
  }
  guard let made else { return .NO }
  defer { stackfeed_mhd_destroy_response(made) }
  for field in response.headers {
    // withCString: a String passed as a C string argument would be copied into a new array first (two per field).
    _ = field.name.withCString { name in
      (field.value ?? "").withCString { value in stackfeed_mhd_add_response_header(made, name, value) }
    }
  }
  if core.open.load(ordering: .relaxed) >= core.connectionLimit {
    _ = stackfeed_mhd_add_response_header(made, "Connection", "close")
  }
  return stackfeed_mhd_queue_response(connection, UInt32(response.status), made)
}

/// The header fields or query arguments of the request on `connection`, in order.
private func fields(of connection: OpaquePointer, kind: MHD_ValueKind) -> [HTTPField] {
  var fields: [HTTPField] = []
  withUnsafeMutablePointer(to: &fields) { pointer in
    _ = stackfeed_mhd_get_connection_values(connection, kind, collectField, pointer)
  }
  return fields
}

private let collectField: MHD_KeyValueIterator = { closure, _, key, value in
  guard let closure, let key else { return .YES }
  let fields = closure.assumingMemoryBound(to: [HTTPField].self)
  fields.pointee.append(HTTPField(String(cString: key), value.map { String(cString: $0) }))
  return .YES
}

/// A response whose body is `stream`, sent chunked as it is queued (libmicrohttpd holds the stream until it
/// frees the response: ``streamFreed``). With worker threads the connection is suspended while the stream has
/// nothing to send. The socket's `TCP_USER_TIMEOUT` is the heartbeat: a heartbeat not acknowledged by then fails
/// the connection (``EventStreams``).
private func streamed(_ stream: EventStream, on connection: OpaquePointer, core: Core) -> OpaquePointer? {
  let socket = stackfeed_mhd_connection_socket(connection)
  if socket >= 0, let streams = core.streams {
    var milliseconds = UInt32(streams.heartbeat / .milliseconds(1))
    _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_USER_TIMEOUT, &milliseconds, socklen_t(MemoryLayout<UInt32>.size))
  }
  stream.attach(connection, socket: socket, suspends: core.suspends)
  let closure = Unmanaged.passRetained(stream).toOpaque()
  // The block libmicrohttpd allocates with the response holds the body only when it is not chunked (an HTTP/1.0
  // client); a chunked body is written into the connection's own buffer, so a small block saves a subscriber
  // 3.8 KiB of 18 (docs/BENCHMARKS.md, "Live changes vs nchan").
  guard
    let made = stackfeed_mhd_create_response_from_callback(
      UInt64.max, streamBlockSize, streamContent, closure, streamFreed)
  else {
    Unmanaged<EventStream>.fromOpaque(closure).release()
    stream.cancel()
    return nil
  }
  return made
}

/// The bytes libmicrohttpd's content reader is asked for at a time when a streamed body is not chunked.
private let streamBlockSize = 256

/// libmicrohttpd's content reader of a streamed response: the stream's next bytes, 0 when the connection was
/// suspended for want of them, -1 (`MHD_CONTENT_READER_END_OF_STREAM`) at its clean end, -2
/// (`MHD_CONTENT_READER_END_WITH_ERROR`: the connection is closed) when its client is gone.
private let streamContent: MHD_ContentReaderCallback = { closure, _, buffer, size in
  guard let closure, let buffer else { return -2 }
  let stream = Unmanaged<EventStream>.fromOpaque(closure).takeUnretainedValue()
  switch stream.fill(UnsafeMutableRawBufferPointer(start: buffer, count: size)) {
  case .bytes(let count): return count
  case .parked: return 0
  case .ended: return -1
  case .gone: return -2
  }
}

/// libmicrohttpd frees a streamed response (its exchange is over): the stream ends.
private let streamFreed: MHD_ContentReaderFreeCallback = { closure in
  guard let closure else { return }
  Unmanaged<EventStream>.fromOpaque(closure).takeRetainedValue().cancel()
}
