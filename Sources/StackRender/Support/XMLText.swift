/// Escapes text for XML (SVG and XHTML) character data and attribute values.
///
/// `&`, `<`, `>`, `"` and `'` become entities; characters XML 1.0 forbids (C0 controls other
/// than tab, line feed and carriage return, and U+FFFE, U+FFFF) become U+FFFD, so any string
/// from the data yields a well-formed document.
///
/// ```swift
/// XMLText.escaped("Tom & \"Jerry\"")  // "Tom &amp; &quot;Jerry&quot;"
/// ```
public enum XMLText {
  /// `text` safe inside XML character data or a quoted attribute value.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return result
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "&", "<", ">", "\"", "'": true
    default: !isAllowed(scalar)
    }
  }

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: true
    case 0..<0x20, 0xFFFE, 0xFFFF: false
    default: true
    }
  }
}
