import HTTPServer

/// A request's `Accept-Encoding` (RFC 9110 §12.5.3): the content codings it names, each with its weight.
///
/// A coding is acceptable when its own entry has a weight above 0, else when `*` does; `identity` (no coding)
/// is acceptable unless refused by `identity;q=0`, or by `*;q=0` without an entry of its own. `x-gzip` is
/// `gzip` (§8.4.1.3). Without the header the client states no preference, and the API then sends no coding;
/// an empty header accepts `identity` only. Elements that do not parse (a bad weight, a coding that is not a
/// token) are skipped; of two entries for one coding the first counts.
///
///     AcceptEncoding("gzip;q=0.5, identity;q=0").quality(of: "gzip")   // 500
struct AcceptEncoding {
  /// The codings named, lowercased, with their weights in thousandths (`q=0.5` is 500); `nil` without the
  /// header.
  let entries: [(coding: String, quality: Int)]?

  /// The request's `Accept-Encoding`, every field of that name read as one list (RFC 9110 §5.3).
  init(_ request: HTTPRequest) {
    let values = request.headers(named: "Accept-Encoding")
    self.init(values.count > 1 ? values.joined(separator: ",") : values.first)
  }

  /// The header value `value`; `nil` when the request has none. Read in place as UTF-8 bytes (every valid element
  /// is ASCII), element by element, without arrays of parts: split into arrays of byte slices it cost 4,315
  /// instructions per request, as `Substring`s 10,300 (docs/BENCHMARKS.md).
  init(_ value: String?) {
    entries = value.map { value in
      var entries: [(coding: String, quality: Int)] = []
      var rest = Substring(value).utf8
      while !rest.isEmpty {
        let end = rest.firstIndex(of: UInt8(ascii: ",")) ?? rest.endIndex
        if let entry = Self.entry(rest[..<end]) { entries.append(entry) }
        rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
      }
      return entries
    }
  }

  /// One list element, `coding` or `coding;q=weight` (with optional whitespace around `;`); `nil` when it
  /// does not parse or is empty.
  private static func entry(_ element: Substring.UTF8View) -> (coding: String, quality: Int)? {
    var parameters = element
    let coding = trimmed(Self.part(taking: &parameters))
    guard !coding.isEmpty, coding.allSatisfy({ isTokenByte(lowercased($0)) }) else { return nil }
    var quality = 1000
    while !parameters.isEmpty {
      parameters = parameters.dropFirst()  // the `;`
      let parameter = trimmed(Self.part(taking: &parameters))
      guard parameter.count > 2, lowercased(parameter[parameter.startIndex]) == UInt8(ascii: "q"),
        parameter[parameter.index(after: parameter.startIndex)] == UInt8(ascii: "="),
        let weight = weight(parameter.dropFirst(2))
      else { return nil }
      quality = weight
    }
    let name = String(Substring(coding))
    let lowered = name.utf8.contains { $0 != lowercased($0) } ? name.lowercased() : name
    return (lowered == "x-gzip" ? "gzip" : lowered, quality)
  }

  /// The bytes of `text` up to its next `;`, taken off it (`text` then starts at that `;`, or is empty).
  private static func part(taking text: inout Substring.UTF8View) -> Substring.UTF8View {
    let end = text.firstIndex(of: UInt8(ascii: ";")) ?? text.endIndex
    defer { text = text[end...] }
    return text[..<end]
  }

  /// A `qvalue` (RFC 9110 §12.4.2: `0` to `1` with at most three decimals) in thousandths; `nil` otherwise.
  private static func weight(_ text: Substring.UTF8View) -> Int? {
    guard let whole = text.first, whole == UInt8(ascii: "0") || whole == UInt8(ascii: "1") else { return nil }
    var value = whole == UInt8(ascii: "1") ? 1000 : 0
    let rest = text.dropFirst()
    guard !rest.isEmpty else { return value }
    guard rest.first == UInt8(ascii: "."), (2...4).contains(rest.count) else { return nil }
    var scale = 100
    for byte in rest.dropFirst() {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value += Int(byte - UInt8(ascii: "0")) * scale
      scale /= 10
    }
    return value <= 1000 ? value : nil
  }

  /// `text` without optional whitespace (spaces and tabs) around it.
  private static func trimmed(_ text: Substring.UTF8View) -> Substring.UTF8View {
    let isText = { (byte: UInt8) in byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") }
    guard let first = text.firstIndex(where: isText), let last = text.lastIndex(where: isText) else {
      return text[text.endIndex...]
    }
    return text[first...last]
  }

  /// `byte`, an ASCII upper-case letter made lower case.
  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  /// Whether `byte` may appear in a token (RFC 9110 §5.6.2).
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
    default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// How much the client wants `coding` (lowercase), 0 (refused) to 1000: its own entry, else `*`'s; else
  /// 1000 for `identity` and 0 for any other. Without the header: `identity` only.
  func quality(of coding: String) -> Int {
    guard let entries else { return coding == "identity" ? 1000 : 0 }
    if let own = entries.first(where: { $0.coding == coding }) { return own.quality }
    if let any = entries.first(where: { $0.coding == "*" }) { return any.quality }
    return coding == "identity" ? 1000 : 0
  }

  /// From which body size on to send answers gzipped: `nil` when gzip is refused or less wanted than
  /// `identity` (never), `threshold` when both are acceptable (smaller bodies gain nothing worth the work), 0
  /// when `identity` is refused (always). Nothing acceptable (both refused) is answered uncompressed all the same,
  /// never 406: RFC 9110 lets a server disregard the header (§12.1), and an uncompressed answer is the one every
  /// client reads (httpwg/http-core#980: moving away from 406 here was intended since RFC 7231).
  func gzipFrom(threshold: Int) -> Int? {
    let gzip = quality(of: "gzip")
    let identity = quality(of: "identity")
    guard gzip > 0, gzip >= identity else { return nil }
    return identity == 0 ? 0 : threshold
  }
}
