import FeedModels
import FeedViewModels
import Foundation
import Testing

@Suite struct OrderViewModelTests {
  static let utc = TimeZone(identifier: "UTC") ?? .gmt

  static func lines(_ quantities: [(String, Int)]) -> [LineItem] {
    quantities.map { LineItem(product: Product(id: $0.0, title: $0.0, image: $0.0), quantity: $0.1) }
  }

  @Test func referenceOrderGivesTheReferenceTexts() {
    let order = Order(
      id: "o", status: "FUFILLED", orderedAt: Date(timeIntervalSince1970: 1_625_572_800),
      items: Self.lines([("tshirt", 1), ("top", 1), ("hoodie", 1), ("shorts", 3)]))
    let model = OrderViewModel(order: order, dates: OrderDateFormatter(timeZone: Self.utc))
    #expect(model.id == "o")
    #expect(model.title == "IT'S FUFILLED")
    #expect(model.subtitle == "Ordered on 06 Jul 21")
    #expect(
      model.gallery == [
        GalleryImage(image: "tshirt", overlay: nil), GalleryImage(image: "top", overlay: nil),
        GalleryImage(image: "hoodie", overlay: nil), GalleryImage(image: "shorts", overlay: "+3"),
      ])
  }

  @Test(arguments: [
    ("delivered", "IT'S DELIVERED"),
    ("en route", "IT'S EN ROUTE"),
    ("größe", "IT'S GRÖSSE"),
    ("📦 packed", "IT'S 📦 PACKED"),
  ])
  func titleIsItsPlusStatusUpperCased(status: String, expected: String) {
    let order = Order(id: "o", status: status, orderedAt: Date(timeIntervalSince1970: 0), items: [])
    #expect(OrderViewModel(order: order, dates: OrderDateFormatter(timeZone: Self.utc)).title == expected)
  }

  @Test(
    arguments: [
      ([("a", 1)], "a", ""),
      ([("a", 2), ("b", 1)], "a a b", ""),
      ([("a", 1), ("b", 1), ("c", 1)], "a b c", ""),
      ([("a", 1), ("b", 1), ("c", 1), ("d", 1)], "a b c d", "+1"),
      ([("a", 4)], "a a a a", "+1"),
      ([("a", 1), ("b", 1), ("c", 1), ("d", 1), ("e", 1)], "a b c d", "+2"),
      ([("a", 10)], "a a a a", "+7"),
      ([("a", 3), ("b", 2), ("c", 1)], "a a a b", "+3"),
    ] as [([(String, Int)], String, String)])
  func galleryRepeatsImagesByQuantityAndMarksTheFourth(lines: [(String, Int)], images: String, overlay: String) {
    let gallery = OrderViewModel.gallery(for: Self.lines(lines))
    #expect(gallery.map(\.image).joined(separator: " ") == images)
    #expect(gallery.dropLast().allSatisfy { $0.overlay == nil })
    #expect((gallery.last?.overlay ?? "") == overlay)
  }

  @Test func emptyOrderHasAnEmptyGallery() {
    #expect(OrderViewModel.gallery(for: []).isEmpty)
  }

  /// The `+N` text is written digit by digit: counts around each digit boundary, up to the small-string limit
  /// (`+` and 14 digits) and past it, against `"+" + String(N)`.
  @Test(arguments: [1, 9, 10, 99, 100, 12_345, 99_999_999_999_999, 100_000_000_000_000, Int.max - 3])
  func overlayIsPlusTheCountOfImagesAfterTheThird(hidden: Int) {
    let gallery = OrderViewModel.gallery(for: Self.lines([("a", hidden + 3)]))
    #expect(gallery.map(\.image) == ["a", "a", "a", "a"])
    #expect(gallery.map(\.overlay) == [nil, nil, nil, "+" + String(hidden)])
  }

  @Test func linesWithoutAPositiveQuantityShowNothing() {
    let gallery = OrderViewModel.gallery(for: Self.lines([("a", 0), ("b", 2), ("c", -1), ("d", 0), ("e", 1)]))
    #expect(
      gallery == [
        GalleryImage(image: "b", overlay: nil), GalleryImage(image: "b", overlay: nil),
        GalleryImage(image: "e", overlay: nil),
      ])
  }

  @Test func quantitiesSummingPastIntMaxSaturateInsteadOfTrapping() {
    let gallery = OrderViewModel.gallery(for: Self.lines([("a", Int.max), ("b", Int.max), ("c", 1)]))
    #expect(gallery.map(\.image) == ["a", "a", "a", "a"])
    #expect(gallery.last?.overlay == "+9223372036854775804")
  }
}
