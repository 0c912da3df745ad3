import JSONCore

/// A layout tree that is not valid input, with the node path of the offending value.
///
/// ```
/// root.children[2].font.size: expected a number, got a string
/// ```
public struct LayoutJSONError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where: a node path such as `root.children[2].font.size`, or `line 3, column 14` for malformed JSON.
  public var path: String
  /// What was wrong.
  public var message: String

  /// Creates an error.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { "\(path): \(message)" }
}

/// A decoded layout tree and what was ignored while decoding it.
public struct LayoutDocument: Sendable, Equatable {
  /// The tree.
  public var root: LayoutNode
  /// Unknown keys and keys that do not apply to a node's type (ignored).
  public var warnings: [LayoutWarning]

  /// Creates a document.
  public init(root: LayoutNode, warnings: [LayoutWarning]) {
    self.root = root
    self.warnings = warnings
  }
}

/// The JSON form of layout trees (contract.md, "Layout trees"): decode input, encode laid-out output.
///
/// ```swift
/// let document = try LayoutJSON.decode(Array(data))
/// let result = LayoutEngine().layout(document.root, width: 390)
/// print(LayoutJSON.encode(result))     // the same tree with a "frame" on every node
/// ```
public enum LayoutJSON {
  /// Deepest node nesting accepted (the engine's default depth limit).
  public static let maxDepth = 256

  /// Decodes a tree from UTF-8 JSON; errors name the node path and what was wrong.
  public static func decode(_ bytes: [UInt8]) throws(LayoutJSONError) -> LayoutDocument {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes, maxNesting: 4 * maxDepth + 16)
    } catch {
      let place = "line \(error.line), column \(error.column)"
      throw LayoutJSONError(
        path: error.path.map { "root\($0) (\(place))" } ?? place, message: "bad JSON: \(error.message)")
    }
    var decoder = LayoutTreeDecoder(maxDepth: maxDepth)
    let root = try decoder.node(value)
    return LayoutDocument(root: root, warnings: decoder.warnings)
  }

  /// Decodes a tree from a JSON string.
  public static func decode(_ text: String) throws(LayoutJSONError) -> LayoutDocument {
    try decode(Array(text.utf8))
  }

  /// Encodes a laid-out tree: every node with its keys in a fixed order and a `frame` relative to
  /// its parent; numbers with at most 3 decimals, never `-0`. Lines after the first are indented by
  /// `indent` spaces so the text can be embedded in a larger document. With `images`, an image node it links
  /// also has `url`, `srcset`, `aspect` and `placeholder` (``ImageLink``) after its `contentMode`.
  public static func encode(_ result: LayoutResult, indent: Int = 0, images: (any ImageLinking)? = nil) -> String {
    var out = ByteBuffer(capacity: 256 * result.frames.count)
    encode(result, indent: indent, images: images, to: &out)
    return out.text
  }

  /// Appends the text ``encode(_:indent:images:)`` returns to `out`, or in `style` ``JSONCore/JSONStyle/compact``
  /// the same without whitespace (`indent` then unused): the bytes go straight from the tree to `out`.
  public static func encode(
    _ result: LayoutResult, indent: Int = 0, style: JSONStyle = .indented, images: (any ImageLinking)? = nil,
    to out: inout ByteBuffer
  ) {
    let buffer = LayoutTreeEncoder(
      result: result, baseIndent: indent, style: style, images: images, appendingTo: out
    ).encode()
    out = buffer
  }
}
