/// The action identifiers on a card's tappable parts: a client wires a tap on a node to its `action`.
///
///     CardAction.openFeedItem("2f1c…0001")   // "open-feed-item:2f1c…0001"
public enum CardAction {
  /// The feed item's round button: opens the item with this id.
  public static func openFeedItem(_ id: String) -> String { "open-feed-item:" + id }
  /// The order's "more" button: opens the menu of the order with this id.
  public static func orderMenu(_ id: String) -> String { "order-menu:" + id }
  /// The header's magnifier: opens search.
  public static let search = "search"
}
