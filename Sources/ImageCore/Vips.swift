import CVips

/// libvips, loaded at run time (CVips): the average colour of an image and its resized copies. A machine without
/// the library (Debian libvips42) builds and runs everything: ``isAvailable`` is false there, and the callers
/// answer without it (the server sends the original bytes, an upload gets a grey placeholder).
///
///     let tile = try Vips.resize(bytes, width: 231, height: 273, crop: true, to: .jpeg, background: [0, 0, 0])
public enum Vips {
  /// The encodings ``resize(_:width:height:crop:to:background:)`` writes.
  public enum Output: Sendable, Hashable {
    /// JPEG (at the quality ``Vips/resize(_:width:height:crop:to:jpegQuality:background:)`` is given, optimised
    /// Huffman tables, metadata and colour profile stripped): in sRGB, a picture with a colour profile (a
    /// Display P3 photo) converted to it first, since the file says nothing of its colours.
    case jpeg
    /// WebP (libvips' default quality 75, metadata stripped but the photo's colour profile when it is an RGB one,
    /// its colours as they are).
    case webp
    /// AVIF (HEIF with AV1 at libvips' default quality 50, metadata stripped but the photo's colour profile, as
    /// WebP): only where ``writesAVIF``.
    case avif

    /// The media type: `image/jpeg`, `image/webp`, `image/avif`.
    public var mediaType: String { "image/\(name)" }

    /// The format's name, as `format=` spells it: `jpeg`, `webp`, `avif`.
    public var name: String {
      switch self {
      case .jpeg: "jpeg"
      case .webp: "webp"
      case .avif: "avif"
      }
    }
  }

  /// Whether libvips is loaded (the first call loads and starts it).
  public static var isAvailable: Bool {
    stackfeed_vips_load() != 0
  }

  /// Whether libvips writes AVIF here (its `heifsave` with libheif's AV1 encoder; Debian 12's libvips42 brings
  /// libheif1 and libaom3), found once by encoding a small picture; false without libvips.
  public static var writesAVIF: Bool {
    stackfeed_vips_avif() != 0
  }

  /// Why libvips could not be loaded, one sentence naming the package to install; `nil` when it is loaded.
  public static var unavailableReason: String? {
    guard stackfeed_vips_load() == 0 else { return nil }
    var reason = [CChar](repeating: 0, count: 512)
    stackfeed_vips_load_error(&reason, reason.count)
    let text = Self.text(reason)
    return text.isEmpty ? nil : text
  }

  /// The average colour of the image `bytes` encode (sRGB red, green, blue: a picture with a colour profile
  /// converted from it, as a JPEG tile is), or `nil` without the library.
  /// Decodes the whole file into a thumbnail of at most 256 pixels a side: a truncated or corrupt file throws
  /// ``ImageRefusal/Kind/unreadable``. Check the header's limits first (``ImageHeader/checkLimits()``).
  public static func averageColour(of bytes: [UInt8]) throws(ImageRefusal) -> (red: UInt8, green: UInt8, blue: UInt8)? {
    var rgb: [UInt8] = [0, 0, 0]
    var error = [CChar](repeating: 0, count: 512)
    let result = stackfeed_vips_average(bytes, bytes.count, &rgb, &error, error.count)
    switch result {
    case Int32(STACKFEED_VIPS_OK): return (rgb[0], rgb[1], rgb[2])
    case Int32(STACKFEED_VIPS_MISSING): return nil
    default: throw refusal(error)
    }
  }

  /// The image `bytes` encode resized to exactly `width` × `height` pixels in `output`, or `nil` without the
  /// library: `crop` fills the box and crops around the centre (cover); otherwise the whole image fits inside,
  /// centred, on `background` (red, green, blue) in a JPEG and on transparency in a WebP or AVIF (contain). The
  /// picture is turned upright by its Exif orientation first; a JPEG is decoded shrunk by libjpeg (by 8, 4 or 2,
  /// the most that leaves it at least `width` × `height`). A JPEG `output` is written at `jpegQuality` (1 … 100),
  /// in sRGB: the pixels of a picture carrying a colour profile are converted from it (a picture without one, or
  /// with one that does not describe its pixels, is taken as sRGB and left as it is); a WebP or AVIF keeps the
  /// profile and the pixels. AVIF needs ``writesAVIF``. Throws ``ImageRefusal/Kind/unreadable`` when libvips cannot read the bytes.
  public static func resize(
    _ bytes: [UInt8], width: Int, height: Int, crop: Bool, to output: Output, jpegQuality: Int = 75,
    background: [UInt8]
  ) throws(ImageRefusal) -> [UInt8]? {
    var length = 0
    var error = [CChar](repeating: 0, count: 512)
    let format: Int32
    switch output {
    case .jpeg: format = Int32(STACKFEED_VIPS_JPEG)
    case .webp: format = Int32(STACKFEED_VIPS_WEBP)
    case .avif: format = Int32(STACKFEED_VIPS_AVIF)
    }
    let fill = background.count == 3 ? background : [0, 0, 0]
    let result = stackfeed_vips_resize(
      bytes, bytes.count, Int32(width), Int32(height), crop ? 1 : 0, format, Int32(min(100, max(1, jpegQuality))),
      fill, &length, &error, error.count)
    switch result {
    case Int32(STACKFEED_VIPS_OK):
      var output = [UInt8](repeating: 0, count: length)
      stackfeed_vips_take(&output, length)
      return output
    case Int32(STACKFEED_VIPS_MISSING): return nil
    default: throw refusal(error)
    }
  }

  /// The factor ``resize(_:width:height:crop:to:jpegQuality:background:)`` has libjpeg shrink the JPEG `bytes` by
  /// while decoding them for a `width` × `height` box: the largest of 8, 4 and 2 that leaves the upright picture
  /// at least the box's size (filling it with `crop`, holding the fitted picture without), so the resize after
  /// it only shrinks; 1 for any other format, a box the picture already fits or a header libvips cannot read;
  /// `nil` without the library.
  public static func jpegShrink(of bytes: [UInt8], width: Int, height: Int, crop: Bool) -> Int? {
    let shrink = stackfeed_vips_jpeg_shrink(bytes, bytes.count, Int32(width), Int32(height), crop ? 1 : 0)
    return shrink == 0 ? nil : Int(shrink)
  }

  private static func refusal(_ error: [CChar]) -> ImageRefusal {
    ImageRefusal(.unreadable, "the image cannot be decoded: \(text(error))")
  }

  /// The UTF-8 text of a NUL-terminated buffer the C wrapper wrote.
  private static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
