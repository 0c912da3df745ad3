import Foundation
import StackfeedTestSupport
import Testing

/// `stackfeed gallery` end to end over the real process: a picture per card per trait set, each a well-formed
/// SVG, an `index.html` referencing them all, the matrix narrowed by the trait options, bad usage exit 64.
@Suite("CLI: gallery")
struct GalleryCommandTests {
  /// The default matrix's folders: L and AX3 × ltr and rtl × light and dark.
  static let defaultFolders = [
    "L-ltr-light", "L-ltr-dark", "L-rtl-light", "L-rtl-dark", "AX3-ltr-light", "AX3-ltr-dark", "AX3-rtl-light",
    "AX3-rtl-dark",
  ]

  @Test("every kind (the promo plugin's too) × every trait set of the default matrix has well-formed SVGs in the index")
  func defaultMatrix() throws {
    let cli = try CLIHarness()
    let database = cli.path("promo.sqlite")
    #expect(try cli.run(["seed", "--db", database], executable: CLIHarness.promoBinary).code == 0)
    let out = cli.path("gallery")
    let result = try cli.run(["gallery", "--db", database, "--out", out], executable: CLIHarness.promoBinary)
    #expect(result.code == 0, "\(result.stderr)")
    let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(XMLCheck.error(in: index.replacingOccurrences(of: "<!DOCTYPE html>\n", with: "")) == nil)
    for folder in Self.defaultFolders {
      #expect(index.contains("<h2>\(folder.replacingOccurrences(of: "-", with: " "))</h2>"))
      for kind in ["header", "feed_item", "order", "promo"] {
        let svg = try String(contentsOfFile: "\(out)/\(folder)/\(kind)-1.svg", encoding: .utf8)
        #expect(XMLCheck.error(in: svg) == nil, "\(folder)/\(kind)-1.svg")
        #expect(svg.hasPrefix("<?xml"))
        #expect(index.contains(#"<img src="\#(folder)/\#(kind)-1.svg" alt="\#(kind) 1"#))
      }
    }
    let pictures = try Self.defaultFolders.flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: "\(out)/\(folder)")
    }
    #expect(pictures.allSatisfy { $0.hasSuffix(".svg") })
    #expect(index.components(separatedBy: "<img ").count - 1 == pictures.count)
    #expect(result.stdout.hasPrefix("wrote \(pictures.count) pictures"))
  }

  @Test("a kind without rows in the database is drawn from its generator's rows; one without either is left out")
  func generatedRows() throws {
    let cli = try CLIHarness()
    let database = cli.path("empty.sqlite")
    #expect(try cli.run(["seed", "--db", database, "--no-reference"]).code == 0)
    let out = cli.path("gallery")
    let result = try cli.run(["gallery", "--db", database, "--out", out, "--limit", "2", "--content-size", "AX3"])
    #expect(result.code == 0, "\(result.stderr)")
    #expect(result.stderr.contains("feed_item: no rows in the database; drawing 2 made by its generator"))
    #expect(result.stderr.contains("header: no rows in the database and no generator; left out"))
    for folder in ["AX3-ltr-light", "AX3-ltr-dark", "AX3-rtl-light", "AX3-rtl-dark"] {
      for file in ["feed_item-1.svg", "feed_item-2.svg", "order-1.svg"] {
        #expect(FileManager.default.fileExists(atPath: "\(out)/\(folder)/\(file)"), "\(folder)/\(file)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: "\(out)/L-ltr-light"))
    // The database itself is only read: still no feed items.
    #expect(try cli.run(["list", "--db", database]).stdout.isEmpty)
  }

  @Test("each trait option given narrows the matrix to its value")
  func narrowed() throws {
    let cli = try CLIHarness()
    let out = cli.path("gallery")
    let result = try cli.run(["gallery", "--out", out, "--direction", "rtl", "--scheme", "dark", "--width", "320"])
    #expect(result.code == 0, "\(result.stderr)")
    let folders = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(folders == ["AX3-rtl-dark", "L-rtl-dark", "index.html"])
    let svg = try String(contentsOfFile: out + "/L-rtl-dark/feed_item-1.svg", encoding: .utf8)
    #expect(svg.contains(#"width="320""#))
  }

  @Test("right-to-left, AX3 and dark pictures differ from the left-to-right L light ones, for every built-in kind")
  func traitsChangeThePictures() throws {
    let cli = try CLIHarness()
    let out = cli.path("gallery")
    #expect(try cli.run(["gallery", "--out", out, "--content-size", "L"]).code == 0)
    for kind in ["header-1", "feed_item-1", "order-1"] {
      let picture = { (folder: String) in try String(contentsOfFile: "\(out)/\(folder)/\(kind).svg", encoding: .utf8) }
      let standard = try picture("L-ltr-light")
      #expect(try picture("L-rtl-light") != standard, "\(kind)")
      #expect(try picture("L-ltr-dark") != standard, "\(kind)")
      #expect(try picture("L-rtl-dark") != picture("L-rtl-light"), "\(kind)")
    }
    let large = try cli.run(["gallery", "--out", cli.path("ax3"), "--content-size", "AX3", "--scheme", "light"])
    #expect(large.code == 0)
    for kind in ["header-1", "feed_item-1", "order-1"] {
      let standard = try String(contentsOfFile: "\(out)/L-ltr-light/\(kind).svg", encoding: .utf8)
      let ax3 = try String(contentsOfFile: cli.path("ax3") + "/AX3-ltr-light/\(kind).svg", encoding: .utf8)
      #expect(ax3 != standard, "\(kind)")
    }
  }

  @Test(arguments: [
    ([String](), "stackfeed: --out DIR is required: the folder the gallery is written to"),
    (["--out", "g", "--content-size", "huge"], "stackfeed: --content-size takes xS or S or M or L or xL"),
    (["--out", "g", "--direction", "up"], "stackfeed: --direction takes ltr or rtl, not \"up\""),
    (["--out", "g", "--scheme", "sepia"], "stackfeed: --scheme takes light or dark, not \"sepia\""),
    (["--out", "g", "--width", "0"], "stackfeed: --width takes a number of points from 1 to 10000, not \"0\""),
    (["--out", "g", "--limit", "0"], "stackfeed: --limit takes an integer ≥ 1, not \"0\""),
    (["--out", "g", "--colour", "red"], "stackfeed: unknown option --colour"),
  ])
  func badUsageExits64(arguments: [String], message: String) throws {
    let cli = try CLIHarness()
    let result = try cli.run(["gallery"] + arguments)
    #expect(result.code == 64)
    #expect(result.stderr.hasPrefix(message))
    #expect(!FileManager.default.fileExists(atPath: cli.path("g")))
  }

  @Test("an --out that is a file exits 74 and writes no index")
  func outIsAFile() throws {
    let cli = try CLIHarness()
    let out = cli.path("file")
    try Data("x".utf8).write(to: URL(fileURLWithPath: out))
    let result = try cli.run(["gallery", "--out", out])
    #expect(result.code == 74)
    #expect(result.stderr.contains("cannot be created as a folder"))
  }
}
