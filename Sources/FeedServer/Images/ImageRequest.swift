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
  /// The encoding of a resized answer: `format`, else WebP when `Accept` takes it, else JPEG.
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
    let format = try query.choice("format", among: ["jpeg", "webp"])
    switch (width, height) {
    case (let width?, let height?):
      variant = ImageVariant(
        width: width, height: height, fit: fit ?? .cover, scale: scale ?? ImageVariant.defaultScale)
    case (nil, nil):
      if let other = [fit == nil ? nil : "fit", scale == nil ? nil : "scale", format == nil ? nil : "format"]
        .compactMap({ $0 }).first
      {
        throw .badParameter(other, "\(other) resizes the image: it needs w and h")
      }
      variant = nil
    default:
      throw .badParameter(width == nil ? "w" : "h", "w and h go together: the frame's width and height in points")
    }
    output = format.map { $0 == "webp" ? .webp : .jpeg } ?? (Self.acceptsWebP(accept) ? .webp : .jpeg)
    negotiated = format == nil
  }

  /// The key of this request's variant of the image `name` at `version` among the ``ImageVariants``.
  func key(name: String, version: String) -> AnswerMemo.Key {
    let query = [
      HTTPField("v", version), HTTPField("variant", variant?.query ?? ""),
      HTTPField("format", output == .jpeg ? "jpeg" : "webp"),
    ]
    return AnswerMemo.Key(path: name, query: query, viewer: "")
  }

  /// Whether an `Accept` header lists `image/webp` with a quality above 0 (RFC 9110 §12.5.1).
  static func acceptsWebP(_ accept: String?) -> Bool {
    guard let accept else { return false }
    return accept.split(separator: ",").contains { range in
      let parts = range.split(separator: ";").map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
      guard parts.first == "image/webp" else { return false }
      let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
      return (quality ?? 1) > 0
    }
  }
}
