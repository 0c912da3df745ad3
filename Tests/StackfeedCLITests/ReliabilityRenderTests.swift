import Foundation
import StackfeedTestSupport
import Testing

/// Issue 6, item 1: image names from the database (`../secret`, absolute paths, symbolic links out of the
/// folder) never make `render --assets DIR` read or embed a file outside DIR. The seed rules refuse such names
/// now (an image name is an id: no `/`, no `.` first), so they are written here as a database made before the
/// rules would hold them, by SQL.
@Suite struct ReliabilityRenderTests {
  static let inside = #"<svg xmlns="http://www.w3.org/2000/svg"><desc>INSIDE</desc></svg>"#
  static let outside = #"<svg xmlns="http://www.w3.org/2000/svg"><desc>SECRET-OUTSIDE</desc></svg>"#

  @Test(arguments: ["svg", "html"])
  func imageNamesNeverReachOutsideTheAssetsFolder(format: String) throws {
    let cli = try CLIHarness()
    let assets = cli.path("assets")
    try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
    try Data(Self.inside.utf8).write(to: URL(fileURLWithPath: assets + "/ok.svg"))
    try Data(Self.outside.utf8).write(to: URL(fileURLWithPath: cli.path("secret.svg")))
    try FileManager.default.createSymbolicLink(atPath: assets + "/link.svg", withDestinationPath: "../secret.svg")
    let names = ["ok", "../secret", cli.path("secret"), "link", "assets/../../secret", "..", "./ok/../../secret"]
    let items = names.indices.map { #"{"id": "i\#($0)", "title": "t", "image": "placeholder"}"# }
    let folder = try cli.seedFolder("seed", ["feed_items.json": "[" + items.joined(separator: ", ") + "]"])
    let database = cli.path("feed.sqlite")
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    for (index, name) in names.enumerated() {
      try TestDatabase(database).execute(
        "UPDATE feed_item SET image = '\(name.replacingOccurrences(of: "'", with: "''"))' WHERE id = 'i\(index)'")
    }
    let rendered = try cli.run(["render", "--db", database, "--format", format, "--assets", assets])
    #expect(rendered.code == 0, "\(rendered.stderr)")
    #expect(rendered.stdout.contains(Data(Self.inside.utf8).base64EncodedString()), "the folder's own image is drawn")
    #expect(!rendered.stdout.contains(Data(Self.outside.utf8).base64EncodedString()))
    #expect(!rendered.stdout.contains("SECRET-OUTSIDE"))
    #expect(rendered.stdout.components(separatedBy: "data:image/svg+xml;base64,").count - 1 == 1)
  }
}
