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
    title = order.status.feedUppercased(after: "It's ")
    subtitle = dates.string(from: order.orderedAt, after: "Ordered on ")
    gallery = Self.gallery(for: order.items)
  }

  /// The gallery of a list of line items: each product image repeated by its quantity, at most 4;
  /// the 4th (index 3) carries `+N` with N = image count − 3, as reference-app.md's rule says (exactly 4
  /// images give `+1`: the 4th tile stands for itself and whatever follows it). The count saturates at `Int.max`, so
  /// huge stored quantities give a large `+N` rather than an overflow trap.
  ///
  ///     // tshirt ×1, top ×1, hoodie ×1, shorts ×3 → tshirt, top, hoodie, shorts "+3"
  public static func gallery(for items: [LineItem]) -> [GalleryImage] {
    var gallery: [GalleryImage] = []
    var total = 0
    // By index, reading the two fields used: a `for item in items` copy of each line retains its five strings.
    for index in items.indices where items[index].quantity > 0 {
      let (sum, overflowed) = total.addingReportingOverflow(items[index].quantity)
      total = overflowed ? Int.max : sum
      if gallery.count < maxGalleryImages && gallery.count < total {
        gallery.reserveCapacity(maxGalleryImages)
        let image = items[index].product.image
        repeat {
          gallery.append(GalleryImage(image: image, overlay: nil))
        } while gallery.count < maxGalleryImages && gallery.count < total
      }
    }
    if gallery.count == maxGalleryImages {
      gallery[maxGalleryImages - 1].overlay = "+" + String(total - (maxGalleryImages - 1))
    }
    return gallery
  }
}
