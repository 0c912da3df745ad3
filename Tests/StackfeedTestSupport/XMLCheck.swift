import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Parses a document with Foundation's XMLParser (the SVG and XHTML the renderers and `gallery` write).
public enum XMLCheck {
  /// Nil when `document` is well-formed, else the parser's error and where it stopped.
  public static func error(in document: String) -> String? {
    let parser = XMLParser(data: Data(document.utf8))
    if parser.parse() { return nil }
    let error = parser.parserError.map { "\($0)" } ?? "unknown"
    return "line \(parser.lineNumber), column \(parser.columnNumber): \(error)"
  }
}
