import FeedModels

/// One picture of an order's gallery; the 4th carries the `+N` overlay.
public struct GalleryImage: Sendable, Hashable {
  /// The product image asset name.
  public var image: String
  /// `"+N"` on the 4th image (N = image count − 3, so `+1` for exactly 4 images), else `nil`.
  public var overlay: String?

  /// Creates a gallery image.
  public init(image: String, overlay: String?) {
    self.image = image
    self.overlay = overlay
  }
}

/// The texts and gallery of an order's card.
///
///     let model = OrderViewModel(order: order, dates: OrderDateFormatter(timeZone: utc))
///     model.title     // "IT'S FUFILLED"
///     model.subtitle  // "Ordered on 06 Jul 21"
public struct OrderViewModel: Sendable, Hashable {
  /// The most images a gallery shows.
  public static let maxGalleryImages = 4

  /// The order's id.
  public var id: String
  /// `"IT'S " + status`, upper-cased (locale-independent, see ``HeaderViewModel``).
  public var title: String
  /// `"Ordered on dd MMM yy"` in the formatter's time zone.
  public var subtitle: String
  /// At most 4 images; see ``gallery(for:)``.
  public var gallery: [GalleryImage]

  /// Derives the card texts from an order, formatting its date with `dates`.
  public init(order: Order, dates: OrderDateFormatter) {
    id = order.id
    title = ("It's " + order.status).feedUppercased()
    subtitle = "Ordered on " + dates.string(from: order.orderedAt)
    gallery = Self.gallery(for: order.items)
  }

  /// The gallery of a list of line items: each product image repeated by its quantity, at most 4;
  /// the 4th (index 3) carries `+N` with N = image count − 3, as reference-app.md's rule says (exactly 4
  /// images give `+1`: the 4th tile stands for itself and whatever follows it). The count saturates at `Int.max`, so
  /// huge stored quantities give a large `+N` rather than an overflow trap.
  ///
  ///     // tshirt ×1, top ×1, hoodie ×1, shorts ×3 → tshirt, top, hoodie, shorts "+3"
  public static func gallery(for items: [LineItem]) -> [GalleryImage] {
    var images: [String] = []
    images.reserveCapacity(maxGalleryImages)
    var total = 0
    for item in items where item.quantity > 0 {
      let (sum, overflowed) = total.addingReportingOverflow(item.quantity)
      total = overflowed ? Int.max : sum
      while images.count < maxGalleryImages && images.count < total {
        images.append(item.product.image)
      }
    }
    var gallery: [GalleryImage] = []
    gallery.reserveCapacity(images.count)
    for (index, image) in images.enumerated() {
      gallery.append(GalleryImage(image: image, overlay: index == maxGalleryImages - 1 ? "+" + String(total - 3) : nil))
    }
    return gallery
  }
}
