import Hashing
import ImageCore
import JSONCore

/// What the store knows of one stored image besides its bytes (the `images` table of `0010_account_images`):
/// enough to lay out, link and placehold it without reading the bytes.
///
///     let info = try Images(db).info(named: "tshirt")
///     info?.url(for: ImageVariant(frameWidth: 77, frameHeight: 91, fit: .cover, scale: 3))
///     // "/v1/images/tshirt?v=…&w=77&h=91&fit=cover&scale=3&r=2"
public struct ImageInfo: Sendable, Hashable {
  /// The image's name: an id (``TextRule/identifier``), the name an image field of a row holds.
  public let name: String
  /// The content hash: the first 16 hex digits of the bytes' SHA-256 (``version(of:)``). URLs carry it, so a
  /// replaced image gets new URLs and an old URL never answers another picture.
  public let version: String
  /// The media type sniffed from the bytes: `image/jpeg`, `image/png` or `image/webp`.
  public let mediaType: String
  /// The width in pixels, as the image's header declares it.
  public let width: Int
  /// The height in pixels, as the image's header declares it.
  public let height: Int
  /// The image's average colour, `#rrggbb` (sRGB): what a client draws before the bytes arrive.
  public let placeholder: String
  /// The path and query that answers this version of the image as stored: `/v1/images/{name}?v=VERSION`. Made
  /// once here: a render page links each image node at three scales (``srcset(for:)``).
  public let url: String

  /// An image's info.
  public init(name: String, version: String, mediaType: String, width: Int, height: Int, placeholder: String) {
    self.name = name
    self.version = version
    self.mediaType = mediaType
    self.width = width
    self.height = height
    self.placeholder = placeholder
    url = "/v1/images/\(ImageInfo.pathSegment(name))?v=\(version)"
  }

  /// The info of `bytes` stored as the image `name`, once they pass ``CheckedImage``'s checks (the one way
  /// uploads and seed files are checked); throws its ``ImageRefusal``.
  public init(name: String, checking bytes: [UInt8]) throws(ImageRefusal) {
    let checked = try CheckedImage(bytes)
    self.init(
      name: name, version: Self.version(of: bytes), mediaType: checked.header.format.mediaType,
      width: checked.header.width, height: checked.header.height, placeholder: checked.placeholder)
  }

  /// The image's own aspect ratio, width over height.
  public var aspectRatio: Double { Double(width) / Double(height) }

  /// The image's path, `/v1/images/{name}` (the name percent-encoded).
  public var path: String { "/v1/images/\(ImageInfo.pathSegment(name))" }

  /// The path and query that answers this version of the image resized to `variant`:
  /// `/v1/images/{name}?v=VERSION&w=W&h=H&fit=cover|contain&scale=S&r=R` (``ImageVariant/query``).
  public func url(for variant: ImageVariant) -> String {
    var url = ByteBuffer(capacity: self.url.utf8.count + 48)
    url.append(self.url)
    url.append(UInt8(ascii: "&"))
    variant.appendQuery(to: &url)
    return url.text
  }

  /// The URLs of `variant` at each of ``ImageVariant/scales``, by scale: a `srcset`.
  public func srcset(for variant: ImageVariant) -> [(scale: Int, url: String)] {
    ImageVariant.scales.map { scale in (scale, url(for: variant.at(scale: scale))) }
  }

  /// The version of an image made of `bytes`: the first 16 hex digits of their SHA-256.
  public static func version(of bytes: [UInt8]) -> String {
    String(SHA256.hexDigest(bytes).prefix(16))
  }

  /// `name` percent-encoded as one path segment: RFC 3986's unreserved characters stay, every other byte of its
  /// UTF-8 is `%XX`.
  static func pathSegment(_ name: String) -> String {
    var encoded = ""
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        encoded.unicodeScalars.append("%")
        encoded.unicodeScalars.append(digits[Int(byte >> 4)])
        encoded.unicodeScalars.append(digits[Int(byte & 0xF)])
      }
    }
    return encoded
  }
}
