/// One promotion as stored: an id, its text as written in `promos.json`, and whom it is shown to.
public struct Promo: Sendable, Hashable {
  /// The promo's id.
  public var id: String
  /// The text, as written.
  public var text: String
  /// The ids of the only users it is shown to; empty: everyone.
  public var users: [String]

  /// Creates a promo, shown to `users` only when any are given.
  public init(id: String, text: String, users: [String] = []) {
    self.id = id
    self.text = text
    self.users = users
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
