import Foundation
import Testing

/// docs/LAYOUT.md's complete example: the tree it shows lays out without warnings at the width its command
/// line gives, to the frames its table lists.
@Suite struct LayoutDocExampleTests {
  /// The section of docs/LAYOUT.md that holds the example.
  static func exampleSection() throws -> String {
    let doc = try String(
      contentsOf: CLIHarness.repository.appendingPathComponent("docs/LAYOUT.md"), encoding: .utf8)
    return try #require(doc.components(separatedBy: "### A complete example").dropFirst().first)
  }

  /// The node with `id` somewhere in the JSON `node`, depth first.
  static func node(_ id: String, in node: [String: Any]) -> [String: Any]? {
    if node["id"] as? String == id { return node }
    for child in node["children"] as? [[String: Any]] ?? [] {
      if let found = Self.node(id, in: child) { return found }
    }
    return nil
  }

  @Test func theDocumentedTreeLaysOutToTheDocumentedFrames() throws {
    let section = try Self.exampleSection()
    let tree = try #require(
      section.components(separatedBy: "```json\n").dropFirst().first?
        .components(separatedBy: "```").first)
    let command = try #require(section.split(separator: "\n").first { $0.hasPrefix("swift run stackfeed layout") })
    let words = command.split(separator: " ").map(String.init)
    let width = try #require(words.firstIndex(of: "--width").map { words[$0 + 1] })
    #expect(words.last == "card.json")

    let cli = try CLIHarness()
    let file = cli.path("card.json")
    try Data(tree.utf8).write(to: URL(fileURLWithPath: file))
    let result = try cli.run(["layout", "--width", width, file])
    #expect(result.code == 0)
    #expect(result.stderr.isEmpty, "the example must lay out without warnings")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])

    // Table rows: | `id` | x, y, width, height | why |
    let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(rows.count == 7)
    for row in rows {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let id = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let documented = cells[1].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
      let frame = try #require(Self.node(id, in: root)?["frame"] as? [String: Double], "no node \(id)")
      let actual = ["x", "y", "width", "height"].compactMap { frame[$0] }
      #expect(actual == documented, "\(id)")
    }
  }
}
