/// How a grapheme cluster takes part in line breaking.
enum ClusterKind: UInt8, Sendable {
  /// Part of a word.
  case letter
  /// A breaking space: a line may end after it, and it hangs at the end of a line.
  case space
  /// A mandatory break (`\n`, `\r\n`, `\r`, U+2028, U+2029, …).
  case newline
  /// A line may end after it: `-`, `/`, U+2010 hyphen, U+2013 en dash, U+2014 em dash.
  case breakAfter
  /// A wide (ideographic) character: a line may end before or after it.
  case ideograph
}

/// One grapheme cluster of the measured string: never split across lines.
struct TextCluster: Sendable {
  /// UTF-8 offset of the cluster's first byte.
  var start: Int
  /// UTF-8 offset just past the cluster.
  var end: Int
  /// Advance in font units.
  var units: Int
  /// Role in line breaking.
  var kind: ClusterKind
}

extension GlyphWidths {
  /// Splits `text` into grapheme clusters with their advances and break roles.
  func clusters(of text: String) -> [TextCluster] {
    var result: [TextCluster] = []
    result.reserveCapacity(text.utf8.count)
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      appendASCII(text, to: &result)
    } else {
      var offset = 0
      for character in text {
        let length = character.utf8.count
        let kind = Self.kind(of: character)
        let units = kind == .newline ? 0 : tabAware(units(of: character), character)
        result.append(TextCluster(start: offset, end: offset + length, units: units, kind: kind))
        offset += length
      }
    }
    return result
  }

  private func appendASCII(_ text: String, to result: inout [TextCluster]) {
    var offset = 0
    var previousWasCR = false
    for byte in text.utf8 {
      defer { offset += 1 }
      if byte == 0x0A && previousWasCR, let last = result.indices.last {
        result[last].end = offset + 1  // "\r\n" is one cluster
        previousWasCR = false
        continue
      }
      previousWasCR = byte == 0x0D
      let kind = Self.kind(ofASCII: byte)
      let units: Int
      switch kind {
      case .newline: units = 0
      case .space where byte == 0x09: units = 4 * Int(advances[0])
      default: units = byte >= 0x20 && byte < 0x7F ? Int(advances[Int(byte) - 0x20]) : 0
      }
      result.append(TextCluster(start: offset, end: offset + 1, units: units, kind: kind))
    }
  }

  /// A tab is as wide as four spaces.
  private func tabAware(_ units: Int, _ character: Character) -> Int {
    character == "\t" ? 4 * Int(advances[0]) : units
  }

  private static func kind(ofASCII byte: UInt8) -> ClusterKind {
    switch byte {
    case 0x0A, 0x0B, 0x0C, 0x0D: .newline
    case 0x20, 0x09: .space
    case 0x2D, 0x2F: .breakAfter
    default: .letter
    }
  }

  private static func kind(of character: Character) -> ClusterKind {
    if character.isNewline {
      return .newline
    }
    guard let first = character.unicodeScalars.first else { return .letter }
    switch first.value {
    case 0x00...0x7F:
      return kind(ofASCII: UInt8(first.value))
    case 0x1680, 0x2000...0x2006, 0x2008...0x200B, 0x205F, 0x3000:
      return .space
    case 0x2010, 0x2013, 0x2014:
      return .breakAfter
    default:
      return isWide(first.value) ? .ideograph : .letter
    }
  }
}
