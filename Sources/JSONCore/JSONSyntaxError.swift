/// A JSON text that is not well-formed: what is wrong and where (a byte offset, and the 1-based line and
/// column it falls on, columns counted in bytes).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Sendable, Hashable {
    /// A key given twice in one object (keys compared after their escapes are decoded); the position is the
    /// second one's opening quote.
    case duplicateKey(String)
    /// A comma right before `]` or `}`; the position is the comma's.
    case trailingComma
    /// Containers nested deeper than the limit.
    case nestedTooDeep(limit: Int)
    /// Anything else, e.g. `unexpected character`, `unterminated string`.
    case malformed(String)
  }

  /// What is wrong.
  public var reason: Reason
  /// The byte offset of the problem in the text.
  public var offset: Int
  /// The 1-based line of ``offset``.
  public var line: Int
  /// The 1-based column of ``offset``, in bytes.
  public var column: Int
  /// For ``Reason/nestedTooDeep(limit:)`` only: the keys and indices leading to the value that went too
  /// deep, as `.children[0].children[3]…`.
  public var path: String?

  /// Creates an error.
  public init(reason: Reason, offset: Int, line: Int, column: Int, path: String? = nil) {
    self.reason = reason
    self.offset = offset
    self.line = line
    self.column = column
    self.path = path
  }

  /// The problem in a few words, e.g. `duplicate key "type"`, `a comma before a closing bracket`.
  public var message: String {
    switch reason {
    case .duplicateKey(let key): "duplicate key \"\(key)\""
    case .trailingComma: "a comma before a closing bracket"
    case .nestedTooDeep(let limit): "JSON nested deeper than \(limit) levels"
    case .malformed(let message): message
    }
  }

  /// `line L, column C: message`.
  public var description: String { "line \(line), column \(column): \(message)" }
}
