/// One promotion as stored: an id and its text as written in `promos.json`.
public struct Promo: Sendable, Hashable {
  /// The promo's id.
  public var id: String
  /// The text, as written.
  public var text: String

  /// Creates a promo.
  public init(id: String, text: String) {
    self.id = id
    self.text = text
  }
}

/// What a promo row shows: its text upper-cased, as the feed's titles are.
///
///     PromoViewModel(promo: Promo(id: "app", text: "Get the app")).text   // "GET THE APP"
public struct PromoViewModel: Sendable, Hashable {
  /// The promo's id.
  public var id: String
  /// The banner text.
  public var text: String

  /// The view model of `promo`.
  public init(promo: Promo) {
    id = promo.id
    text = promo.text.uppercased()
  }
}
