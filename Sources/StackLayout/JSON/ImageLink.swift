/// Where a client gets the picture of a laid-out image node: what a server writes on the node in
/// `stackfeed.render/1` besides the layout's own keys (a layout input never carries it).
///
/// ```swift
/// ImageLink(url: "/v1/images/tshirt?v=…&w=77&h=91&fit=cover&scale=2&r=2",
///           srcset: [ImageLink.Scaled(scale: 1, url: "…"), …], aspectRatio: 0.75, placeholder: Color(hex: "#C8BFB4"))
/// ```
public struct ImageLink: Sendable, Hashable {
  /// One URL of ``srcset``: the picture for screens of `scale` pixels per point.
  public struct Scaled: Sendable, Hashable {
    /// Pixels per point.
    public var scale: Int
    /// The picture at that scale.
    public var url: String

    /// The URL of the picture at `scale`.
    public init(scale: Int, url: String) {
      self.scale = scale
      self.url = url
    }
  }

  /// The picture for the node's frame at the document's scale.
  public var url: String
  /// The picture for the node's frame at each scale served, by rising scale (empty for a picture that is the same
  /// at every scale, such as a vector image).
  public var srcset: [Scaled]
  /// The picture's own width over its height (the stored image's, whatever frame the layout gave the node).
  public var aspectRatio: Double?
  /// The colour to draw before the picture arrives (the picture's average).
  public var placeholder: Color?

  /// A link to a picture.
  public init(url: String, srcset: [Scaled] = [], aspectRatio: Double? = nil, placeholder: Color? = nil) {
    self.url = url
    self.srcset = srcset
    self.aspectRatio = aspectRatio
    self.placeholder = placeholder
  }
}

/// Finds the picture of each image node a renderer writes: a server's stored images, by name and frame.
public protocol ImageLinking: Sendable {
  /// The link of an image node showing `image` in a frame of `size` points; `nil` draws the node without one.
  func link(for image: ImageContent, size: Size) -> ImageLink?
}
