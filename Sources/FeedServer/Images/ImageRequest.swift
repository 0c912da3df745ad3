import FeedStore
import HTTPServer
import ImageCore

/// What a `GET /v1/images/{name}` asks for, read from its query and `Accept`: the version its URL names, the
/// size (none: the stored bytes), and the encoding of a resized answer.
struct ImageRequest {
  /// `v`: the version the URL names, if any.
  var version: String?
  /// `w`, `h`, `fit` (default cover), `scale` (default 2); `nil` without `w` and `h`.
  var variant: ImageVariant?
  /// `r`: the revision of the variant the URL names (``ImageVariant/revision``), if any.
  var revision: Int?
  /// The encoding of a resized answer: `format`, else AVIF when `Accept` takes it and libvips writes it, else
  /// WebP when `Accept` takes it, else JPEG.
  var output: Vips.Output
  /// Whether ``output`` was chosen from `Accept` (the answer then varies by it).
  var negotiated: Bool

  /// The request of `query`'s parameters (taken from it) and the `Accept` header: 400 naming a bad parameter.
  init(_ query: inout Query, accept: String?) throws(Problem) {
    version = try query.value(of: "v")
    let sides = 1...ImageVariant.maximumPoints
    let width = try query.integer("w", minimum: sides.lowerBound, maximum: sides.upperBound)
    let height = try query.integer("h", minimum: sides.lowerBound, maximum: sides.upperBound)
    let fit = try query.choice("fit", among: ImageFit.allCases.map(\.rawValue)).flatMap(ImageFit.init)
    let scale = try query.integer(
      "scale", minimum: ImageVariant.scales.lowerBound, maximum: ImageVariant.scales.upperBound)
    revision = try query.integer("r", minimum: 1, maximum: Int(Int32.max))
    let format = try query.choice("format", among: ["jpeg", "webp", "avif"])
    if format == "avif", !Vips.writesAVIF {
      throw .badParameter(
        "format", "avif is not written here: this server's libvips has no AV1 encoder (libheif1 with libaom3)")
    }
    switch (width, height) {
    case (let width?, let height?):
      variant = ImageVariant(
        width: width, height: height, fit: fit ?? .cover, scale: scale ?? ImageVariant.defaultScale)
    case (nil, nil):
      let resizing = [fit == nil ? nil : "fit", scale == nil ? nil : "scale", revision == nil ? nil : "r"]
      if let other = (resizing + [format == nil ? nil : "format"]).compactMap({ $0 }).first {
        throw .badParameter(other, "\(other) resizes the image: it needs w and h")
      }
      variant = nil
    default:
      throw .badParameter(width == nil ? "w" : "h", "w and h go together: the frame's width and height in points")
    }
    if let format {
      output = format == "avif" ? .avif : format == "webp" ? .webp : .jpeg
    } else if Self.accepts("image/avif", accept), Vips.writesAVIF {
      output = .avif
    } else {
      output = Self.accepts("image/webp", accept) ? .webp : .jpeg
    }
    negotiated = format == nil
  }

  /// The JPEG quality of a variant at `scale`: 75 at scale 1 (nginx `image_filter`'s default, and libvips' for
  /// WebP), 5 less for each scale above (70, 65): the finer the pixels, the less of each one's error the eye
  /// resolves, so a tile at scale 3 shows less error per point at 65 than at scale 1 at 75 (docs/HTTP.md,
  /// "Images"; the figures in docs/BENCHMARKS.md, "Images").
  static func jpegQuality(scale: Int) -> Int {
    80 - 5 * scale
  }

  /// Whether the URL names the bytes the server makes now at `version`, for good: `v` is `version` and, for a
  /// resized image, `r` is ``ImageVariant/revision`` (a URL handed out before the revision moved on, or without
  /// `r`, names bytes made another way: its answer is the current picture, never `immutable`).
  func namesForGood(version: String) -> Bool {
    self.version == version && (variant == nil || revision == ImageVariant.revision)
  }

  /// The strong `ETag` of `variant` (this request's) of an image at `version`, in ``output``: the version, the
  /// parameters and ``ImageVariant/revision``, `"c51738d95b95f954-77x91-cover-3-r2.webp"`.
  func entityTag(of variant: ImageVariant, version: String) -> String {
    "\"\(version)-\(variant.width)x\(variant.height)-\(variant.fit.rawValue)-\(variant.scale)"
      + "-r\(ImageVariant.revision).\(output.name)\""
  }

  /// The key of this request's variant of the image `name` at `version` among the ``ImageVariants``.
  func key(name: String, version: String) -> AnswerMemo.Key {
    let query = [
      HTTPField("v", version), HTTPField("variant", variant?.query ?? ""),
      HTTPField("format", output.name),
    ]
    return AnswerMemo.Key(path: name, query: query, viewer: "")
  }

  /// Whether an `Accept` header lists `mediaType` (`image/webp`, `image/avif`) with a quality above 0 (RFC 9110
  /// §12.5.1).
  static func accepts(_ mediaType: String, _ accept: String?) -> Bool {
    guard let accept else { return false }
    return accept.split(separator: ",").contains { range in
      let parts = range.split(separator: ";").map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
      guard parts.first == mediaType else { return false }
      let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
      return (quality ?? 1) > 0
    }
  }
}
