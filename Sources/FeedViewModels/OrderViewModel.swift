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

  /// The N of the `+N` overlay (how many more images it stands for), read back from the overlay; nil without
  /// one.
  public var moreCount: Int? {
    guard let overlay, overlay.first == "+" else { return nil }
    return Int(overlay.dropFirst())
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
  public let id: String
  /// `"IT'S " + status`, upper-cased (locale-independent, see ``HeaderViewModel``).
  public let title: String
  /// `"Ordered on dd MMM yy"` in the formatter's time zone.
  public let subtitle: String
  /// At most 4 images; see ``gallery(for:)``.
  public let gallery: [GalleryImage]

  /// Derives the card texts from an order, formatting its date with `dates`.
  public init(order: borrowing Order, dates: OrderDateFormatter) {
    id = order.id
    title = ("It's " + order.status).uppercased()
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
    // First which line shows in each of the four places, then the array made in one go from a literal (one
    // allocation of the exact size, each image read and retained once; appending to a reserved array cost a
    // third more, docs/BENCHMARKS.md "Formatting").
    var lines = (0, 0, 0, 0)
    var count = 0
    var total = 0
    // By index, reading the two fields used: a `for item in items` copy of each line retains its five strings.
    for index in items.indices where items[index].quantity > 0 {
      let (sum, overflowed) = total.addingReportingOverflow(items[index].quantity)
      total = overflowed ? Int.max : sum
      while count < maxGalleryImages && count < total {
        switch count {
        case 0: lines.0 = index
        case 1: lines.1 = index
        case 2: lines.2 = index
        default: lines.3 = index
        }
        count += 1
      }
    }
    func image(_ line: Int, overlay: String? = nil) -> GalleryImage {
      GalleryImage(image: items[line].product.image, overlay: overlay)
    }
    return switch count {
    case 0: []
    case 1: [image(lines.0)]
    case 2: [image(lines.0), image(lines.1)]
    case 3: [image(lines.0), image(lines.1), image(lines.2)]
    default:
      [image(lines.0), image(lines.1), image(lines.2), image(lines.3, overlay: plus(total - (maxGalleryImages - 1)))]
    }
  }

  /// `"+" + String(count)`, e.g. `+3`.
  static func plus(_ count: Int) -> String {
    "+" + String(count)
  }
}
