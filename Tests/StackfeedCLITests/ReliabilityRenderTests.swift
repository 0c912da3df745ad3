import Foundation
import Testing

/// Issue 6, item 1: image names from the database (`../secret`, absolute paths, symbolic links out of the
/// folder) never make `render --assets DIR` read or embed a file outside DIR.
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
    let items = names.enumerated().map { #"{"id": "i\#($0)", "title": "t", "image": \#(Self.quoted($1))}"# }
    let folder = try cli.seedFolder("seed", ["feed_items.json": "[" + items.joined(separator: ", ") + "]"])
    let database = cli.path("feed.sqlite")
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    let rendered = try cli.run(["render", "--db", database, "--format", format, "--assets", assets])
    #expect(rendered.code == 0, "\(rendered.stderr)")
    #expect(rendered.stdout.contains(Data(Self.inside.utf8).base64EncodedString()), "the folder's own image is drawn")
    #expect(!rendered.stdout.contains(Data(Self.outside.utf8).base64EncodedString()))
    #expect(!rendered.stdout.contains("SECRET-OUTSIDE"))
    #expect(rendered.stdout.components(separatedBy: "data:image/svg+xml;base64,").count - 1 == 1)
  }

  static func quoted(_ text: String) -> String {
    String(decoding: (try? JSONSerialization.data(withJSONObject: [text])) ?? Data(), as: UTF8.self)
      .dropFirst().dropLast().description
  }
}
