extension LayoutNode {
  /// The first node of the tree (pre-order) that has an `action` but no accessibility label (nil or only
  /// spaces): a tappable part VoiceOver could not name. Nil when every action is labelled.
  ///
  /// ```swift
  /// Image("search-icon").action("search").node.firstUnlabelledAction               // the image
  /// Image("search-icon").action("search").accessibility(label: "Search").node.firstUnlabelledAction  // nil
  /// ```
  public var firstUnlabelledAction: LayoutNode? {
    var pending = [self]
    while let node = pending.popLast() {
      if node.action != nil, node.accessibility?.label?.contains(where: { !$0.isWhitespace }) != true { return node }
      pending.append(contentsOf: node.children.reversed())
    }
    return nil
  }
}
