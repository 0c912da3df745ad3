#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The bytes of one image file and their media type.
public struct ImageAsset: Sendable, Hashable {
  /// The image name looked up.
  public var name: String
  /// `image/png`, `image/jpeg` or `image/svg+xml`.
  public var mediaType: String
  /// The file's contents.
  public var data: Data

  /// Creates an asset.
  public init(name: String, mediaType: String, data: Data) {
    self.name = name
    self.mediaType = mediaType
    self.data = data
  }

  /// The image as a `data:` URI, for embedding in SVG and HTML.
  public var dataURI: String { "data:\(mediaType);base64,\(data.base64EncodedString())" }
}
