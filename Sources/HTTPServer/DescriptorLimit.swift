import Glibc

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`, `ulimit -n`), and how many client
/// connections fit in it: an open connection holds one descriptor, its socket, and whatever else the process
/// holds (``HTTPServer/Configuration/serverDescriptors``, the database's connections, standard input, output
/// and error) must fit beside them. A server past the limit could not accept (libmicrohttpd then stops accepting
/// until a connection closes) and, worse, could not open a database connection for the connections it has.
///
///     let limit = DescriptorLimit.raised(toward: 1024 + 40)
///     let connections = limit.connections(wanted: 1024, reserved: 40)   // 1024, or fewer under ulimit -n 1024
public struct DescriptorLimit: Sendable, Hashable {
  /// The soft limit in force: no descriptor numbered at or above it can be opened.
  public var current: Int
  /// The hard limit, up to which the process may raise ``current``.
  public var maximum: Int

  /// A limit of `current` descriptors, which the process may raise up to `maximum`.
  public init(current: Int, maximum: Int) {
    self.current = current
    self.maximum = maximum
  }

  /// The connection limit that fits: `wanted` when `wanted` connections and `reserved` other descriptors fit in
  /// ``current``, else the connections that do (0 when none does).
  public func connections(wanted: Int, reserved: Int) -> Int {
    max(0, min(wanted, current - reserved))
  }

  /// The process's limit, after raising the soft limit to `wanted` descriptors when it is lower (up to the hard
  /// limit; never lowered). Soft limits are often kept low for programs that use `select(2)` (1,024 by
  /// default under systemd, with a hard limit of 524,288); the server polls, so it takes what it needs.
  public static func raised(toward wanted: Int) -> DescriptorLimit {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return DescriptorLimit(current: 0, maximum: 0) }
    if limit.rlim_cur < limit.rlim_max, limit.rlim_cur < rlim_t(wanted) {
      var higher = limit
      higher.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &higher) == 0 { limit = higher }
    }
    return DescriptorLimit(current: count(limit.rlim_cur), maximum: count(limit.rlim_max))
  }

  /// The descriptors the process has open now (its entries in `/proc/self/fd`, without the one reading them).
  public static func openNow() -> Int {
    guard let folder = opendir("/proc/self/fd") else { return 0 }
    defer { closedir(folder) }
    var entries = 0
    while let entry = readdir(folder) {
      if entry.pointee.d_name.0 != 0x2E { entries += 1 }  // not "." nor ".."
    }
    return entries - 1
  }

  private static func count(_ value: rlim_t) -> Int {
    value >= rlim_t(Int.max) ? Int.max : Int(value)
  }
}
