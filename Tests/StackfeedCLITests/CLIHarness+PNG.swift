import Foundation
import StackfeedTestSupport

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
