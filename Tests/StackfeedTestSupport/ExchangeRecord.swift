import Foundation
import Synchronization

/// Where the serve suites' exchanges are recorded when `STACKFEED_RECORD_EXCHANGES` names a file: every request
/// ``HTTPClient/request(port:method:target:headers:body:)`` makes and its reply, one JSON line each
/// (``APIExchange``), so that `scripts/check-serve-answers.sh` checks every answer the serve suites receive
/// against docs/openapi.json. Without the variable nothing is recorded.
enum ExchangeRecord {
  /// The file named by `STACKFEED_RECORD_EXCHANGES`, if any.
  static let file = ProcessInfo.processInfo.environment["STACKFEED_RECORD_EXCHANGES"].map(URL.init(fileURLWithPath:))
  /// Serialises the appends of the tests running at once.
  private static let lock = Mutex(())

  /// Appends `exchange` to the file, when one is named.
  static func append(_ exchange: APIExchange) {
    guard let file else { return }
    lock.withLock { _ in
      let line = Data((exchange.jsonLine + "\n").utf8)
      guard let handle = try? FileHandle(forWritingTo: file) else { return try? line.write(to: file) }
      defer { try? handle.close() }
      _ = try? handle.seekToEnd()
      try? handle.write(contentsOf: line)
    }
  }

  /// A header line `Name: value` as a field.
  static func field(_ line: String) -> (String, String)? {
    guard let colon = line.firstIndex(of: ":") else { return nil }
    return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
  }
}
