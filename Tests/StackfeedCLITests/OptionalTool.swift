import Foundation
import Testing

/// A program that some tests need and a bare machine (only Swift and libsqlite3-dev, as the README says) may
/// lack. Such a test is enabled only when the program is on `PATH`, and says why when it is skipped;
/// `.ci/run` installs every one, so CI always runs them, and `scripts/check-bare-machine.sh` runs those tests
/// with the programs hidden from `PATH`.
///
///     @Test(.enabled(if: OptionalTool.rsvgConvert.isInstalled, OptionalTool.rsvgConvert.skipNote))
///     func convertsToPNG() throws { … OptionalTool.rsvgConvert.url … }
struct OptionalTool: Sendable {
  /// SVG to PNG (`apt-get install librsvg2-bin`): proves the SVG pictures are well-formed for a real renderer.
  static let rsvgConvert = OptionalTool(name: "rsvg-convert", package: "librsvg2-bin")
  /// A browser that rasterises the SVG and HTML pictures (TextInkTests).
  static let chromium = OptionalTool(name: "chromium", package: "chromium")
  /// Runs scripts/check-text-ink.py (TextInkTests).
  static let python3 = OptionalTool(name: "python3", package: "python3")
  /// Tells whether the Inter font is installed (TextInkTests).
  static let fcMatch = OptionalTool(name: "fc-match", package: "fontconfig")

  /// The program's name, looked up on `PATH`.
  let name: String
  /// The Debian package that provides it.
  let package: String

  /// The program found on this process's `PATH`, or nil.
  var url: URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Whether the program is on `PATH`.
  var isInstalled: Bool { url != nil }

  /// The reason a test needing the program is skipped.
  var skipNote: Comment {
    Comment(rawValue: "needs \(name), which is not on PATH (apt-get install \(package); .ci/run installs it)")
  }
}

extension CLIHarness {
  /// The pixel width of the PNG that rsvg-convert makes of the SVG file at `path`, nil when it fails or the
  /// result is not a PNG.
  func pngWidth(convertingSVG path: String) throws -> Int? {
    guard let converter = OptionalTool.rsvgConvert.url else { return nil }
    let png = self.path("converted-\(UUID().uuidString).png")
    guard try run(["--format", "png", "--output", png, path], executable: converter).code == 0 else { return nil }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count > 24 else { return nil }
    return bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
  }
}
