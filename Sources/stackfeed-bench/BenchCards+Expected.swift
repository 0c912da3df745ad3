import StackLayout

extension BenchCards {
  /// The harness's hand-computed frames (absolute x, y, width, height) at width 390.
  static func expectedFrames(feed: Bool) -> [String: Rect] {
    let w = width
    if feed {
      let h = w / 0.9
      return [
        "cell": Rect(x: 0, y: 0, width: w, height: h),
        "zstack": Rect(x: 0, y: 0, width: w, height: h),
        "cardImage": Rect(x: 10, y: 20, width: w - 20, height: h - 20),
        "vstack": Rect(x: 10, y: 20, width: w - 20, height: h - 20),
        "topRow": Rect(x: 30, y: 40, width: w - 60, height: 30),
        "tagView": Rect(x: 30, y: 40, width: 104, height: 30),
        "tagLabel": Rect(x: 42, y: 46, width: 80, height: 18),
        "topSpacer": Rect(x: 134, y: 40, width: w - 60 - 104, height: 30),
        "midSpacer": Rect(x: 30, y: 70, width: w - 60, height: h - 140),
        "bottomRow": Rect(x: 30, y: h - 70, width: w - 60, height: 50),
        "textColumn": Rect(x: 30, y: h - 68, width: w - 120, height: 46),
        "titleLabel": Rect(x: 30, y: h - 68, width: w - 120, height: 22),
        "titleGap": Rect(x: 30, y: h - 46, width: w - 120, height: 6),
        "subtitleLabel": Rect(x: 30, y: h - 40, width: w - 120, height: 18),
        "buttonGap": Rect(x: w - 90, y: h - 45, width: 10, height: 0),
        "button": Rect(x: w - 80, y: h - 70, width: 50, height: 50),
      ]
    }
    let tile = (w - 60 - 3 * 7) / 4
    let tileHeight = tile / 0.85
    var frames: [String: Rect] = [
      "cell": Rect(x: 0, y: 0, width: w, height: 143 + tileHeight),
      "zstack": Rect(x: 0, y: 0, width: w, height: 143 + tileHeight),
      "card": Rect(x: 10, y: 20, width: w - 20, height: 123 + tileHeight),
      "vstack": Rect(x: 10, y: 20, width: w - 20, height: 123 + tileHeight),
      "header": Rect(x: 30, y: 40, width: w - 60, height: 26),
      "titleLabel": Rect(x: 30, y: 42, width: w - 86, height: 22),
      "moreButton": Rect(x: w - 56, y: 40, width: 26, height: 26),
      "subtitleLabel": Rect(x: 30, y: 71, width: w - 60, height: 18),
      "gap3": Rect(x: 30, y: 94, width: w - 60, height: 3),
      "statusBar": Rect(x: 30, y: 102, width: w - 60, height: 6),
      "gap5": Rect(x: 30, y: 113, width: w - 60, height: 5),
      "gallery": Rect(x: 30, y: 123, width: w - 60, height: tileHeight),
    ]
    for index in 0..<4 {
      frames["image\(index)"] = Rect(x: 30 + Double(index) * (tile + 7), y: 123, width: tile, height: tileHeight)
    }
    return frames
  }

  /// Lays out both cards and compares every node's absolute frame with the harness (±0.01 pt).
  static func checkFrames(engine: LayoutEngine) throws {
    for (feed, card) in [(true, Self.card(0)), (false, Self.card(1))] {
      let result = engine.layout(card, width: width)
      let expected = expectedFrames(feed: feed)
      var errors: [String] = []
      var nodes = 0
      result.forEachNode { _, _, _ in nodes += 1 }
      if nodes != 16 { errors.append("\(nodes) nodes, want 16") }
      for (id, want) in expected.sorted(by: { $0.key < $1.key }) {
        guard let got = result.absoluteFrame(id: id) else {
          errors.append("\(id): missing")
          continue
        }
        let pairs = [(got.x, want.x), (got.y, want.y), (got.width, want.width), (got.height, want.height)]
        if pairs.contains(where: { abs($0.0 - $0.1) > 0.01 }) { errors.append("\(id): got \(got) want \(want)") }
      }
      if !errors.isEmpty {
        let name = feed ? "feed" : "order"
        throw BenchError(
          code: 70, description: "\(name) card frames differ from the harness: " + errors.joined(separator: "; "))
      }
    }
  }
}
