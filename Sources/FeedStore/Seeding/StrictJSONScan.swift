/// What Foundation's JSON parser accepts but a seed file must not contain: a comma before a closing bracket
/// (`[1,]`, not JSON at all), and a key given twice in one object (the parser silently keeps one of them).
///
/// Runs over text the parser already accepted, so it only follows strings, brackets, commas and colons.
/// Keys are compared as written (`"a"` and `"\u0061"` count as different).
///
///     StrictJSONScan.firstProblem(in: Data(#"{"a": 1, "a": 2}"#.utf8))
///     // Problem(offset: 9, message: "the key \"a\" is given twice in one object")
enum StrictJSONScan {
  /// A problem and the byte offset where it starts.
  struct Problem: Equatable {
    var offset: Int
    var message: String
  }

  /// One open container: an array, or an object with the keys read so far.
  private struct Container {
    var keys: Set<[UInt8]>?
    var expectsKey = false
  }

  /// The first problem in `data`, or `nil`.
  static func firstProblem(in data: some Collection<UInt8>) -> Problem? {
    var open: [Container] = []
    var string: (start: Int, isKey: Bool, bytes: [UInt8])?
    var escaped = false
    var comma: Int?
    for (offset, byte) in data.enumerated() {
      if var current = string {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          string = nil
          if current.isKey, open.indices.last.map({ open[$0].keys?.insert(current.bytes).inserted }) == false {
            let name = String(decoding: current.bytes, as: UTF8.self)
            return Problem(offset: current.start, message: "the key \"\(name)\" is given twice in one object")
          }
          continue
        }
        if current.isKey { current.bytes.append(byte) }
        string = current
        continue
      }
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if let comma { return Problem(offset: comma, message: "malformed JSON (a comma before a closing bracket)") }
        _ = open.popLast()
      case UInt8(ascii: "["): open.append(Container(keys: nil))
      case UInt8(ascii: "{"): open.append(Container(keys: [], expectsKey: true))
      case UInt8(ascii: ","): if let last = open.indices.last { open[last].expectsKey = open[last].keys != nil }
      case UInt8(ascii: ":"): if let last = open.indices.last { open[last].expectsKey = false }
      case UInt8(ascii: "\""): string = (offset, open.last?.expectsKey == true, [])
      default: break
      }
      comma = byte == UInt8(ascii: ",") ? offset : nil
    }
    return nil
  }
}
