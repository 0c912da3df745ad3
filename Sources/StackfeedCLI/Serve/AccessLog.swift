import HTTPServer

#if canImport(Glibc)
  import Glibc
#endif

/// The request log of `stackfeed serve`: one line per finished request on stderr, written with one `write(2)`
/// so lines from parallel workers never interleave:
///
///     GET /v1/feed 200 4381 B 0.412 ms
///     GET /v1/render 200 0 B 3.020 ms (client went away)
enum AccessLog {
  /// The line for `exchange`, control characters of the path shown as `?`.
  static func line(for exchange: HTTPExchange) -> String {
    let path = String(exchange.path.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    let (seconds, attoseconds) = exchange.duration.components
    let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    let milliseconds = "\(microseconds / 1000)." + String(String(microseconds % 1000 + 1000).dropFirst())
    let gone = exchange.completed ? "" : " (client went away)"
    return "\(exchange.method) \(path) \(exchange.status) \(exchange.bytes) B \(milliseconds) ms\(gone)\n"
  }

  /// Writes the line for `exchange` on stderr.
  static func write(_ exchange: HTTPExchange) {
    var line = line(for: exchange)
    line.withUTF8 { bytes in _ = Glibc.write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
  }
}
