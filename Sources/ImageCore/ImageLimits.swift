/// The bounds an image is checked against before anything decodes it: the bytes and the dimensions its header
/// declares. A decompression bomb (a small file declaring a huge picture) is refused by its header alone, so it
/// costs no memory.
public enum ImageLimits {
  /// The most bytes of an image: 8 MiB (the reference photos are 42 KB to 1.2 MB).
  public static let bytes = 8 << 20
  /// The widest and tallest image, in pixels (WebP's own limit is 16,383).
  public static let side = 12_000
  /// The most pixels of an image: 40 million (a 40 MP photo; its decoded RGB would be 120 MB).
  public static let pixels = 40_000_000
}
