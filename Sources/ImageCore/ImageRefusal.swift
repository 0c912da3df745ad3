/// Why an image's bytes are not taken: what `PUT /v1/images/{name}` answers (413, 415, 422) and `seed` prints.
public struct ImageRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kinds of refusal.
  public enum Kind: Sendable, Hashable {
    /// More bytes, or more pixels, than ``ImageLimits`` allow (HTTP 413).
    case tooLarge
    /// Not JPEG, PNG or WebP by its bytes, or no bytes at all (HTTP 415).
    case unsupported
    /// It starts like one of them but its header, or the rest of it, cannot be read (HTTP 422).
    case unreadable
  }

  /// The kind.
  public let kind: Kind
  /// One sentence saying what is wrong.
  public let description: String

  /// A refusal of `kind` saying `description`.
  public init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }
}
