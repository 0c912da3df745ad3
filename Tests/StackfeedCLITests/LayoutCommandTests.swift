import Foundation
import Testing

/// `stackfeed layout`: JSON tree in, the same tree with frames out; 65/66 on bad input.
@Suite struct LayoutCommandTests {
  /// A 300-wide root with margins 10 and a 40-high box: the box fills the content width.
  @Test func laysOutAFileAndPrintsFrames() throws {
    let cli = try CLIHarness()
    let file = cli.path("tree.json")
    try Data(
      #"{"type": "vstack", "id": "root", "margin": 10, "children": [{"type": "box", "id": "b", "height": 40}]}"#.utf8
    )
    .write(to: URL(fileURLWithPath: file))
    let result = try cli.run(["layout", "--width", "300", file])
    #expect(result.code == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains(#""frame": {"x": 0, "y": 0, "width": 300, "height": 60}"#))
    #expect(result.stdout.contains(#""frame": {"x": 10, "y": 10, "width": 280, "height": 40}"#))
  }

  @Test func readsStandardInputAndHonoursHeight() throws {
    let cli = try CLIHarness()
    let result = try cli.shell(
      #"echo '{"type": "vstack", "children": [{"type": "spacer"}]}' | "$BIN" layout --height 80"#)
    #expect(result.code == 0)
    #expect(result.stdout.contains(#""frame": {"x": 0, "y": 0, "width": 390, "height": 80}"#))
  }

  @Test(arguments: [
    (
      #"{"type": "vstack", "children": [{"type": "text", "font": {"size": "x"}}]}"#,
      "root.children[0].font.size: expected a number"
    ),
    (#"{"type": "grid"}"#, "root.type: unknown type \"grid\""),
    (#"{"type": "box""#, "line 1, column 15: bad JSON"),
  ])
  func badTreesExit65NamingTheNodePath(json: String, message: String) throws {
    let cli = try CLIHarness()
    let file = cli.path("bad.json")
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = try cli.run(["layout", file])
    #expect(result.code == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("stackfeed: \(file): \(message)"))
  }

  @Test func aMissingFileExits66() throws {
    let cli = try CLIHarness()
    let result = try cli.run(["layout", cli.path("nope.json")])
    #expect(result.code == 66)
    #expect(result.stderr == "stackfeed: \(cli.path("nope.json")): no such file\n")
  }

  @Test func conflictsAreWarnedOnStandardError() throws {
    let cli = try CLIHarness()
    let result = try cli.shell(
      #"echo '{"type": "hstack", "children": [{"type": "box", "width": 300}, {"type": "box", "width": 300}]}' | "$BIN" layout"#
    )
    #expect(result.code == 0)
    #expect(result.stderr.hasPrefix("stackfeed: warning: root: required sizes do not fit: children overflow by 210"))
  }
}
