import StackLayout
import StackRender

/// The gallery's `index.html`: a table with a column per trait set (its name as the heading) and a row per
/// kind, each cell the kind's card pictures for that trait set, referenced relatively
/// (`AX3-rtl-dark/feed_item-1.svg`) with alt text naming the card and the traits.
enum GalleryIndex {
  /// The page for `cards` drawn in each of `sets` at `width` points.
  static func html(cards: [GalleryCard], sets: [Traits], width: Double) -> String {
    var kinds: [String] = []
    for card in cards where !kinds.contains(card.kind) { kinds.append(card.kind) }
    let widthText = LayoutJSON.number(width)
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>Stackfeed gallery</title>
      <style>
      body{font:14px system-ui,sans-serif;margin:16px;color:#111;background:#FFF}
      table{border-collapse:collapse}
      th,td{vertical-align:top;padding:8px;border:1px solid #DDD;text-align:left}
      th h2{font-size:15px;margin:0;white-space:nowrap}
      td img{display:block;margin:0 0 8px}
      </style>
      </head>
      <body>
      <h1>Stackfeed gallery</h1>
      <p>\(kinds.count) row kinds × \(sets.count) trait sets at \(widthText) points</p>
      <table>
      <thead>
      <tr><th scope="col">kind</th>
      """
    for traits in sets {
      page += "<th scope=\"col\"><h2>\(XMLText.escaped(traits.name))</h2></th>"
    }
    page += "</tr>\n</thead>\n<tbody>\n"
    for kind in kinds {
      page += "<tr><th scope=\"row\">\(XMLText.escaped(kind))</th>"
      for traits in sets {
        page += "<td>"
        for card in cards where card.kind == kind {
          let source = TraitMatrix.folder(of: traits) + "/" + card.fileName
          let alt = "\(card.summary) (\(traits.name))"
          page +=
            "<img src=\"\(XMLText.escaped(source))\" alt=\"\(XMLText.escaped(alt))\" width=\"\(widthText)\"/>"
        }
        page += "</td>"
      }
      page += "</tr>\n"
    }
    page += "</tbody>\n</table>\n</body>\n</html>\n"
    return page
  }
}
