import JSONCore

/// How an image is fitted into its frame, as UIKit's content modes and CSS's `object-fit` say it.
public enum ImageFit: String, Sendable, Hashable, CaseIterable {
  /// The frame filled, the image's overflow cropped around its centre (`aspectFill`, `object-fit: cover`).
  case cover
  /// The whole image inside the frame, centred, the rest of the frame empty (`aspectFit`, `object-fit: contain`).
  case contain
}

/// One size an image is served at: a frame in whole points, its fit and a screen scale. The URLs the server hands
/// out and the sizes `GET /v1/images/{name}` accepts are these and no others, so the sizes an attacker can ask
/// for are bounded: at most ``maximumPoints`` points a side (a frame of the layout, rounded up to whole points),
/// scale 1, 2 or 3, so at most 3,072 pixels a side (docs/HTTP.md, "Images").
///
///     ImageVariant(frameWidth: 77, frameHeight: 90.667, fit: .cover, scale: 3)   // 77 × 91 pt, 231 × 273 px
public struct ImageVariant: Sendable, Hashable {
  /// The screen scales served: pixels per point.
  public static let scales = 1...3
  /// The scale when a request names none.
  public static let defaultScale = 2
  /// The widest and tallest frame served, in points.
  public static let maximumPoints = 1024
  /// Which way of making variants the server follows, in every variant's URL (`r=`) and `ETag`: moved on when the
  /// same image and parameters come to give other bytes, so that the URLs change (a browser that kept a tile made
  /// the old way as `immutable` asks for the new one) and a cache revalidating an old URL gets the new bytes, never
  /// a 304. 2: a JPEG of a picture with a colour profile is converted to sRGB (before, its Display P3 values were
  /// written as they were, and shown washed out).
  public static let revision = 2

  /// The frame's width in whole points, 1 to ``maximumPoints``.
  public let width: Int
  /// The frame's height in whole points, 1 to ``maximumPoints``.
  public let height: Int
  /// How the image fills the frame.
  public let fit: ImageFit
  /// Pixels per point, one of ``scales``.
  public let scale: Int

  /// The variant of exactly these whole points, or `nil` when a size or the scale is out of bounds.
  public init?(width: Int, height: Int, fit: ImageFit, scale: Int) {
    let sides = 1...Self.maximumPoints
    guard sides.contains(width), sides.contains(height), Self.scales.contains(scale) else { return nil }
    self.width = width
    self.height = height
    self.fit = fit
    self.scale = scale
  }

  /// The variant for a laid-out frame of `frameWidth` × `frameHeight` points: each side rounded up to whole points
  /// (a thousandth of a point over a whole number, a layout's rounding, rounds down), at least 1; a frame larger
  /// than ``maximumPoints`` on a side is scaled down to it, keeping its aspect. `scale` is clamped to ``scales``.
  public init(frameWidth: Double, frameHeight: Double, fit: ImageFit, scale: Int) {
    let largest = Double(Self.maximumPoints)
    let shrink = min(1, largest / max(frameWidth, 1), largest / max(frameHeight, 1))
    func points(_ side: Double) -> Int {
      guard side.isFinite else { return 1 }
      return min(Self.maximumPoints, max(1, Int((side * shrink - 0.001).rounded(.up))))
    }
    self.width = points(frameWidth)
    self.height = points(frameHeight)
    self.fit = fit
    self.scale = min(Self.scales.upperBound, max(Self.scales.lowerBound, scale))
  }

  /// The width of the answered image in pixels (``width`` × ``scale``).
  public var pixelWidth: Int { width * scale }
  /// The height of the answered image in pixels (``height`` × ``scale``).
  public var pixelHeight: Int { height * scale }

  /// This frame and fit at another scale of ``scales``.
  public func at(scale: Int) -> ImageVariant {
    ImageVariant(frameWidth: Double(width), frameHeight: Double(height), fit: fit, scale: scale)
  }

  /// The query parameters that name this variant as the server makes it now: `w=W&h=H&fit=F&scale=S&r=R`, `R`
  /// the ``revision``.
  public var query: String {
    var query = ByteBuffer(capacity: 48)
    appendQuery(to: &query)
    return query.text
  }

  /// Appends ``query`` to `bytes` (a URL being written: no string per part on the way).
  public func appendQuery(to bytes: inout ByteBuffer) {
    bytes.append(literal: "w=")
    bytes.append(decimal: width)
    bytes.append(literal: "&h=")
    bytes.append(decimal: height)
    bytes.append(literal: "&fit=")
    bytes.append(fit.rawValue)
    bytes.append(literal: "&scale=")
    bytes.append(decimal: scale)
    bytes.append(literal: "&r=")
    bytes.append(decimal: Self.revision)
  }
}
