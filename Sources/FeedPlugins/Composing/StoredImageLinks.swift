import FeedStore
import StackLayout

/// The links of image nodes to the store's images (FeedStore's `Images`): an image node naming a stored image
/// gets the URL of its picture at the node's frame and the document's scale, the same frame at every scale
/// (`srcset`), the image's own aspect ratio and its placeholder colour; a node naming a bundled icon
/// (`BundledIcons`) and no stored image gets the icon's URL alone (a vector: one picture for every size and
/// scale); a node naming neither gets nothing.
///
/// The frame is asked for as `ImageVariant` rounds it (whole points, at most 1,024 a side), fitted as the node's
/// content mode fills it: `aspectFit` and `center` ask for `contain`, `aspectFill` and `scaleToFill` for `cover`
/// (a picture of exactly the frame's size needs no stretching).
///
///     let links = try StoredImageLinks(namedIn: cards.map(\.tree), from: db, scale: 2)
///     JSONRenderer(images: links).render(rows, width: 390)
public struct StoredImageLinks: ImageLinking {
  /// The stored images known, by name.
  public let infos: [String: ImageInfo]
  /// The document's scale: pixels per point of ``ImageLink/url``.
  public let scale: Int
  /// Each known image's placeholder colour, read from its hex digits once rather than for every node showing it.
  private let placeholders: [String: Color]

  /// Links to the images in `infos` at `scale` (clamped to `ImageVariant.scales`).
  public init(infos: [String: ImageInfo], scale: Int) {
    self.infos = infos
    self.scale = min(ImageVariant.scales.upperBound, max(ImageVariant.scales.lowerBound, scale))
    placeholders = infos.compactMapValues { Color(hex: $0.placeholder) }
  }

  /// Links to the stored images the image nodes of `trees` name, read from `db` in one query.
  public init(namedIn trees: some Sequence<LayoutNode>, from db: StoreConnection, scale: Int) throws {
    var names = Set<String>()
    func collect(_ node: LayoutNode) {
      if case .image(let content) = node.kind, let name = content.name { names.insert(name) }
      for index in node.children.indices { collect(node.children[index]) }
    }
    for tree in trees { collect(tree) }
    self.init(infos: try Images(db).infos(named: names), scale: scale)
  }

  /// Links to every image `db` stores, read a page of names at a time (a whole feed names any of them).
  public init(everyImageIn db: StoreConnection, scale: Int) throws {
    var infos: [String: ImageInfo] = [:]
    var after: String?
    while true {
      let page = try Images(db).list(after: after, limit: 500)
      for info in page { infos[info.name] = info }
      guard page.count == 500, let last = page.last else { break }
      after = last.name
    }
    self.init(infos: infos, scale: scale)
  }

  /// The link of a node showing `image` in a frame of `size` points: nil when the image is neither stored nor an
  /// icon, or the frame is empty.
  public func link(for image: ImageContent, size: Size) -> ImageLink? {
    guard let name = image.name, size.width > 0, size.height > 0 else { return nil }
    guard let info = infos[name] else { return BundledIcons.named[name].map { ImageLink(url: $0.url) } }
    let fit: ImageFit =
      switch image.contentMode {
      case .aspectFit, .center: .contain
      case .aspectFill, .scaleToFill: .cover
      }
    let variant = ImageVariant(frameWidth: size.width, frameHeight: size.height, fit: fit, scale: scale)
    // The document's scale is one of the srcset's: its URL is made once.
    let srcset = info.srcset(for: variant).map { ImageLink.Scaled(scale: $0.scale, url: $0.url) }
    return ImageLink(
      url: srcset.first { $0.scale == variant.scale }?.url ?? info.url(for: variant), srcset: srcset,
      aspectRatio: info.aspectRatio, placeholder: placeholders[name])
  }
}
