import Foundation
import SQLiteCore
import Testing

/// `--content-size`, `--direction` and `--scheme` of `render` and `layout` (contract.md "Traits"): one parser
/// (FeedOptions), a bad value is exit 64 naming the option and its values, and the defaults given explicitly
/// write today's output byte for byte.
@Suite("CLI: trait options")
struct TraitOptionsTests {
  static let contentSizes = "xS or S or M or L or xL or xxL or xxxL or AX1 or AX2 or AX3 or AX4 or AX5"

  static let badValues: [(arguments: [String], message: String)] = [
    (["--content-size", "huge"], "--content-size takes \(contentSizes), not \"huge\""),
    (["--content-size", "l"], "--content-size takes \(contentSizes), not \"l\""),
    (["--direction", "up"], "--direction takes ltr or rtl, not \"up\""),
    (["--scheme", "sepia"], "--scheme takes light or dark, not \"sepia\""),
    (["--scheme"], "--scheme needs a value"),
    (["--direction", "rtl", "--direction", "ltr"], "--direction is given more than once"),
  ]

  @Test(
    "a bad trait value exits 64 naming the option and the values it takes", arguments: ["render", "layout"], badValues)
  func badValueExits64(command: String, bad: (arguments: [String], message: String)) throws {
    let result = try CLIHarness().run([command] + bad.arguments)
    #expect(result.code == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("stackfeed: \(bad.message)\n"))
  }

  static let defaults = ["--content-size", "L", "--direction", "ltr", "--scheme", "light"]

  @Test(
    "render with the default traits given writes what it writes without them",
    arguments: ["json", "svg", "html", "text"])
  func renderDefaultsAreToday(format: String) throws {
    let cli = try CLIHarness()
    let without = try cli.run(["render", "--format", format])
    let with = try cli.run(["render", "--format", format] + Self.defaults)
    #expect(without.code == 0)
    #expect(with.code == 0)
    #expect(with.stdout == without.stdout)
  }

  @Test("layout with the default traits given writes what it writes without them")
  func layoutDefaultsAreToday() throws {
    let cli = try CLIHarness()
    let tree = cli.path("tree.json")
    try Data(
      #"{"type": "hstack", "spacing": 4, "children": [{"type": "text", "text": "Hi"}, {"type": "spacer"}]}"#.utf8
    ).write(to: URL(fileURLWithPath: tree))
    let without = try cli.run(["layout", tree])
    let with = try cli.run(["layout", tree] + Self.defaults)
    #expect(without.code == 0)
    #expect(with.stdout == without.stdout)
  }

  /// FeedPluginsTests' goldens of the reference feed (TraitGoldenTests, CardGoldenTests' `reference-dark`), which
  /// `render` must write.
  static let goldens = CLIHarness.repository.appendingPathComponent("Tests/FeedPluginsTests/Fixtures/goldens")

  @Test(
    "render with trait options writes the reference feed's trait goldens byte for byte",
    arguments: ["AX3-rtl-dark", "L-rtl-light", "AX3-ltr-light", "AX5-ltr-dark", "L-ltr-dark"], ["json", "svg"])
  func traitGoldens(traits: String, format: String) throws {
    let cli = try CLIHarness()
    cli.environment["TZ"] = "UTC"
    // The goldens are of the cards without stored pictures: the bundled photos' placeholder colours are libvips's
    // averages, #808080 on a machine without it (ImageLinkTests checks the links).
    #expect(try cli.run(["seed"]).code == 0)
    try Database(path: cli.defaultDatabase).executeScript("DELETE FROM images")
    let values = traits.split(separator: "-").map(String.init)
    let result = try cli.run(
      ["render", "--format", format, "--content-size", values[0], "--direction", values[1], "--scheme", values[2]])
    #expect(result.code == 0)
    let name = "reference-\(traits == "L-ltr-dark" ? "dark" : traits).\(format)"
    let golden = try String(contentsOf: Self.goldens.appendingPathComponent(name), encoding: .utf8)
    #expect(result.stdout == golden, "render --format \(format) at \(traits) differs from \(name)")
  }

  @Test("the trait options are in render's and layout's --help", arguments: ["render", "layout"])
  func help(command: String) throws {
    let result = try CLIHarness().run([command, "--help"])
    #expect(result.code == 0)
    for option in ["--content-size C", "--direction D", "--scheme S"] {
      #expect(result.stdout.contains(option))
    }
  }
}
