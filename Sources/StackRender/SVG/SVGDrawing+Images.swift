import StackLayout

extension SVGDrawing {
  /// A real image as a reusable `<symbol>`: its id, and its definition the first time it is used.
  struct EmbeddedImage {
    /// The symbol's id, e.g. `image1`.
    var id: String
    /// The `<symbol>` element to write before the first `<use>`; nil once written.
    var definition: String?
  }

  /// `preserveAspectRatio` for a content mode (`center` has no natural size here: it fits).
  static func aspectRatio(_ mode: ContentMode) -> String {
    switch mode {
    case .scaleToFill: "none"
    case .aspectFill: "xMidYMid slice"
    case .aspectFit, .center: "xMidYMid meet"
    }
  }

  /// The symbol drawing image `name` in `mode`, or nil when the image has no file.
  mutating func symbol(for name: String, mode: ContentMode) -> EmbeddedImage? {
    let key = "\(mode.rawValue) \(name)"
    if let id = symbols[key] { return EmbeddedImage(id: id, definition: nil) }
    guard let asset = images.asset(named: name) else { return nil }
    let id = "image\(symbols.count + 1)"
    symbols[key] = id
    let image =
      #"<image width="100%" height="100%" preserveAspectRatio="\#(Self.aspectRatio(mode))" href="\#(asset.dataURI)"/>"#
    return EmbeddedImage(id: id, definition: #"<symbol id="\#(id)">\#(image)</symbol>"#)
  }
}
