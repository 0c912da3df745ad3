import Hashing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The icons the binary carries: `Icons/NAME.svg` of the core's bundle (``BundledFiles/core``), the reference
/// app's three icons (`search-icon`, `more-icon`, `button-icon`) converted once from its PDFs with poppler's
/// `pdftocairo -svg` (MIT licence, `Icons/LICENSE`, bundled with them). Vectors: one file for every size and
/// screen scale. `GET /v1/icons/{name}` serves them and an image node naming one links to it (FeedPlugins'
/// `StoredImageLinks`; a stored image of the same name comes first).
///
///     BundledIcons.named["search-icon"]?.url   // "/v1/icons/search-icon?v=…"
public enum BundledIcons {
  /// One icon: its name, its SVG and its version.
  public struct Icon: Sendable, Hashable {
    /// The name an image node gives (`search-icon`).
    public let name: String
    /// The SVG document.
    public let svg: [UInt8]
    /// The first 16 hex digits of the SVG's SHA-256 (as a stored image's, `ImageInfo.version(of:)`).
    public let version: String

    /// The path and query that answer this version: `/v1/icons/{name}?v=VERSION` (made once: every card
    /// linking the icon writes it).
    public let url: String

    init(name: String, svg: [UInt8], version: String) {
      self.name = name
      self.svg = svg
      self.version = version
      url = "/v1/icons/\(name)?v=\(version)"
    }
  }

  /// The media type of every icon.
  public static let mediaType = "image/svg+xml"

  /// Every bundled icon, by name.
  public static let named: [String: Icon] = {
    var icons: [String: Icon] = [:]
    for (file, data) in BundledFiles.core.files(in: "Icons") where file.hasSuffix(".svg") {
      let name = String(file.dropLast(4))
      let svg = Array(data)
      icons[name] = Icon(name: name, svg: svg, version: ImageInfo.version(of: svg))
    }
    return icons
  }()
}
