import Glibc

/// A bound, listening TCP socket, made here rather than by libmicrohttpd so that a taken port is a clear
/// error (`EADDRINUSE`) and port 0 tells which ephemeral port the kernel chose.
struct ListeningSocket {
  /// The socket descriptor.
  let descriptor: Int32
  /// The bound port (the chosen one when 0 was asked for).
  let port: Int

  /// The listen backlog asked for: clients the kernel holds, connected, until the server accepts them (past the
  /// connection limit they wait there). Linux caps it at `net.core.somaxconn` (4096 by default since 5.4); when
  /// it is full, a new client's SYN is dropped and it retries, still waiting (`tcp_abort_on_overflow` 0).
  static let backlog: Int32 = 4096

  /// Resolves `host` (a name or a numeric IPv4/IPv6 address) and binds the first address that works.
  static func bind(host: String, port: Int, backlog: Int32) throws(HTTPServerError) -> ListeningSocket {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let resolved = getaddrinfo(host, String(port), &hints, &list)
    guard resolved == 0, let first = list else {
      throw HTTPServerError(
        isAddressInUse: false,
        description: "cannot resolve the host \(host): " + String(cString: gai_strerror(resolved)))
    }
    defer { freeaddrinfo(list) }
    var failure = EADDRNOTAVAIL
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let address = entry?.pointee {
      entry = address.ai_next
      let descriptor = socket(
        address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.ai_protocol)
      guard descriptor >= 0 else {
        failure = errno
        continue
      }
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
      if Glibc.bind(descriptor, address.ai_addr, address.ai_addrlen) == 0, listen(descriptor, backlog) == 0 {
        return ListeningSocket(descriptor: descriptor, port: boundPort(descriptor) ?? port)
      }
      failure = errno
      close(descriptor)
    }
    if failure == EADDRINUSE {
      throw HTTPServerError(
        isAddressInUse: true, description: "\(host) port \(port) is already in use by another program")
    }
    throw HTTPServerError(
      isAddressInUse: false, description: "cannot listen on \(host) port \(port): " + String(cString: strerror(failure))
    )
  }

  private static func boundPort(_ descriptor: Int32) -> Int? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let found = withUnsafeMutablePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard found == 0 else { return nil }
    let family = Int32(storage.ss_family)
    return withUnsafePointer(to: &storage) { pointer in
      switch family {
      case AF_INET:
        pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
      case AF_INET6:
        pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin6_port))
        }
      default: nil
      }
    }
  }
}
