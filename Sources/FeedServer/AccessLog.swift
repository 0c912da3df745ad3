import CivilTime
import HTTPServer
import JSONCore

#if canImport(Glibc)
  import Glibc
#endif

/// The request log of `stackfeed serve`: one line per finished request on stderr, written with one `write(2)`
/// so lines from parallel workers never interleave:
///
///     GET /v1/feed 200 4381 B 0.412 ms
///     GET /v1/render 200 0 B 3.020 ms (client went away)
///     GET /v1/feed 500 262 B 0.390 ms urn:stackfeed:request:5f0c1e2d3a4b5c6d: no such table: feed_item (…)
///
/// A 5xx answer's line ends with the request id its problem gave the client (`instance`) and what went wrong
/// (``HTTPExchange/note``), which the answer itself never says.
public enum AccessLog {
  /// The line for `exchange`, control characters of the path and the note shown as `?`. Written straight as
  /// bytes: it is made for every request (callgrind: 10,200 instructions a line as one interpolated `String`,
  /// 3,000 so).
  public static func line(for exchange: HTTPExchange) -> ByteBuffer {
    var line = ByteBuffer(capacity: 64 + exchange.method.utf8.count + exchange.path.utf8.count)
    line.append(exchange.method)
    line.append(UInt8(ascii: " "))
    appendPrintable(exchange.path, to: &line)
    let microseconds = exchange.duration.wholeMicroseconds
    line.append(UInt8(ascii: " "))
    line.append(decimal: Int(exchange.status))
    line.append(UInt8(ascii: " "))
    line.append(decimal: exchange.bytes)
    line.append(literal: " B ")
    line.append(decimal: Int(microseconds / 1000))
    line.append(UInt8(ascii: "."))
    line.append(decimal: Int(microseconds % 1000), digits: 3)
    line.append(literal: exchange.completed ? " ms" : " ms (client went away)")
    if let note = exchange.note {
      line.append(UInt8(ascii: " "))
      appendPrintable(note, to: &line)
    }
    line.append(UInt8(ascii: "\n"))
    return line
  }

  /// Appends `text` with each control character (a newline of a SQL statement, an escape) shown as `?`, so a
  /// line stays one line.
  private static func appendPrintable(_ text: String, to line: inout ByteBuffer) {
    // A control character is one byte in UTF-8, and no byte of a longer character is below 0x80.
    for byte in text.utf8 {
      line.append(byte < 0x20 || byte == 0x7F ? UInt8(ascii: "?") : byte)
    }
  }

  /// Writes the line for `exchange` on stderr.
  public static func write(_ exchange: HTTPExchange) {
    let bytes = line(for: exchange).bytes
    _ = Glibc.write(STDERR_FILENO, bytes, bytes.count)
  }
}
