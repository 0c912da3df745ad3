/// How a JSON writer lays its document out: ``indented`` as the CLI prints it, or ``compact`` as the HTTP API
/// sends it. A writer writes either from the same literals (``ByteBuffer/append(literal:style:)``), so its
/// compact bytes are those ``JSONWriter/compact(_:)`` makes of its indented ones, without that second pass.
public enum JSONStyle: Sendable, Hashable {
  /// Spaces after colons and commas, line feeds and indents, as each writer's documentation shows.
  case indented
  /// No insignificant whitespace (RFC 8259 §2).
  case compact
}
