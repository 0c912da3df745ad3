#if canImport(Glibc)
  import Glibc
#endif

/// Which file a path names now (device and inode): a connection opened to it is to another file once the path
/// names a new one (a database replaced by a rename), so the server's connections follow the file at its path.
struct FileIdentity: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64

  /// The file at `path` now; nil when there is none.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino))
  }
}
