/// A document that could not be made whole, e.g. the SVG renderer could not read back the part of the drawing it
/// kept in its temporary file: one sentence saying what failed (`stackfeed render` exits 74 with it).
public struct RenderError: Error, Sendable, CustomStringConvertible {
  /// What failed and why.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) {
    self.description = description
  }
}
