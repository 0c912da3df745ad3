import Foundation
import StackfeedTestSupport
import Testing

/// Labels stay inside their frames whatever font the viewer has: `scripts/check-text-ink.py` rasterises the
/// reference feed and the expanded stack as SVG (rsvg-convert, Chromium) and HTML (Chromium), with Inter and
/// with a fontconfig file that rejects it, and checks every inked pixel against the JSON frames; at the default
/// traits and at AX5 right to left.
///
/// It needs python3, rsvg-convert (librsvg2-bin), chromium, fc-match and the Inter font (fonts-inter), so it
/// runs only where they are; `.ci/run` installs them, so CI always runs it.
@Suite struct TextInkTests {
  /// The tools and fonts the check needs that this machine lacks, in words.
  static let missing: [String] = {
    let tools: [OptionalTool] = [.python3, .rsvgConvert, .chromium, .fcMatch]
    var missing = tools.filter { !$0.isInstalled }.map(\.name)
    if let fcMatch = OptionalTool.fcMatch.url {
      let family = (try? run(fcMatch.path, ["-f", "%{family}", "Inter"]).output) ?? ""
      if !family.contains("Inter") { missing.append("the Inter font (fonts-inter)") }
    }
    return missing
  }()

  static var skipNote: Comment {
    "needs \(missing.joined(separator: ", ")) (apt-get install python3 librsvg2-bin chromium fontconfig fonts-inter; .ci/run does)"
  }

  /// At the default traits, and at the largest Dynamic Type size (AX5), where every label is drawn at its
  /// scaled size, right to left.
  @Test(
    "no label's ink leaves its frame in SVG and HTML, with Inter and with the fallback font",
    .requires(missing.isEmpty, skipNote),
    arguments: [["--content-size", "L"], ["--content-size", "AX5", "--direction", "rtl"]])
  func inkStaysInFrames(traits: [String]) throws {
    let result = try ScriptCheck.run("check-text-ink.py", ["--bin", CLIHarness.binary.path] + traits)
    #expect(result.status == 0, "\(result.output)")
    // Twelve pictures per font (2 documents: SVG via 2 rasterisers and HTML, clipped and not), and 4 in
    // Chromium without textLength (each document as SVG and HTML, fallback font), all checked.
    #expect(result.output.components(separatedBy: "\nok ").count - 1 == 28, "\(result.output)")
  }

  /// Runs `executable` (`fc-match`) with `arguments`; its exit status and its standard output and error together.
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.runUnblocked()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
