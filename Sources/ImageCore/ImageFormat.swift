/// The image encodings the store takes, told apart by their first bytes (never by a name or a `Content-Type`).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
  /// JPEG (JFIF, Exif): `FF D8 FF`.
  case jpeg
  /// PNG: its 8-byte signature.
  case png
  /// WebP: a RIFF container of form `WEBP`.
  case webp

  /// The encoding `bytes` start like, or `nil` when they start like none of them.
  public init?(sniffing bytes: [UInt8]) {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    if starts([0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
      self = .webp
    } else {
      return nil
    }
  }

  /// The media type: `image/jpeg`, `image/png`, `image/webp`.
  public var mediaType: String { "image/\(rawValue)" }

  /// The format of a media type this enum names, or `nil`.
  public init?(mediaType: String) {
    guard mediaType.hasPrefix("image/"), let format = ImageFormat(rawValue: String(mediaType.dropFirst(6))) else {
      return nil
    }
    self = format
  }
}
