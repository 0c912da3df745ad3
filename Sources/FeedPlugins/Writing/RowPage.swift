import FeedModels
import JSONCore

/// One page of a list a route answers (e.g. `GET /v1/products`): `{"<name>": [{…}, …], "next": CURSOR|null}`,
/// each item an object of its named texts in order (absent ones `null`), one item a line.
///
///     RowPage("products", [[RowText("id", "apex-hoodie"), RowText("title", "Apex Hoodie")]], next: nil).json
///     // {"products": [\n  {"id": "apex-hoodie", "title": "Apex Hoodie"}\n], "next": null}\n
public struct RowPage: Sendable, Hashable {
  /// The list's key in the document, e.g. `products`.
  public var name: String
  /// The items, in order, each its named texts in the order they are written.
  public var items: [[RowText]]
  /// The cursor of the next page (the route's `after`); `nil` on the last page.
  public var next: String?

  /// A page named `name` of `items`, followed by the page after `next` (none when `nil`).
  public init(_ name: String, _ items: [[RowText]], next: String?) {
    self.name = name
    self.items = items
    self.next = next
  }

  /// The page as a JSON document.
  public var json: [UInt8] {
    var bytes = ByteBuffer(capacity: 64 + items.count * 96)
    append(to: &bytes)
    return bytes.bytes
  }

  /// Appends the page's JSON document to `bytes`.
  public func append(to bytes: inout ByteBuffer) {
    bytes.append(UInt8(ascii: "{"))
    JSONWriter.string(name, to: &bytes)
    bytes.append(literal: ": [")
    for index in items.indices {
      bytes.append(literal: index == 0 ? "\n  " : ",\n  ")
      JSONRowWriter.object(items[index], style: .indented, to: &bytes)
    }
    bytes.append(literal: items.isEmpty ? #"], "next": "# : "\n], \"next\": ")
    JSONWriter.string(next, to: &bytes)
    bytes.append(literal: "}\n")
  }
}

extension RowPage {
  /// A page of users, as `GET /v1/users` and `stackfeed users --format json` write it:
  /// `{"users": [{"id", "firstName", "lastName"}, …], "next": …}` (each user as `GET /v1/me` shows one).
  public static func users(_ users: [User], next: String?) -> RowPage {
    RowPage(
      "users",
      users.map { [RowText("id", $0.id), RowText("firstName", $0.firstName), RowText("lastName", $0.lastName)] },
      next: next)
  }
}
