import Foundation
import StackLayout
import StackfeedTestSupport
import Testing

/// Issue 6, item 2: 10,000 generated layout JSON texts (seeded, so every run is the same) with wrong
/// types, unknown types, extreme and negative numbers, and random truncations. Each one either fails to
/// decode with a located error, or lays out soundly: finite frames, non-negative sizes, finite JSON.
struct ReliabilityLayoutJSONFuzzTests {
  static let types = ["vstack", "hstack", "zstack", "spacer", "text", "image", "box"]
  static let keys = [
    "width", "height", "aspectRatio", "aspectRatioPriority", "spacing", "distribution", "alignment", "margin",
    "intrinsic", "hidden", "text", "font", "lines", "textAlignment", "color", "image", "contentMode",
    "background", "cornerRadius", "alpha", "id",
  ]
  static let numbers = ["0", "1", "-1", "0.5", "17.3", "390", "1e308", "-1e308", "1e-300", "2", "1000", "250"]
  static let words = [
    "fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering", "leading", "center",
    "trailing", "top", "bottom", "firstBaseline", "lastBaseline", "bold", "#ff0000", "", "x", "THE FUTURE",
  ]

  struct Writer {
    var rng: SplitMix64

    mutating func pick(_ values: [String]) -> String { values.randomElement(using: &rng) ?? "" }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    mutating func value(depth: Int) -> String {
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<4: return pick(ReliabilityLayoutJSONFuzzTests.numbers)
      case 4..<7: return "\"\(pick(ReliabilityLayoutJSONFuzzTests.words))\""
      case 7: return pick(["true", "false", "null"])
      case 8:
        let members = ["top", "left", "bottom", "right", "width", "height", "size", "weight"].filter { _ in chance(40) }
        return "{" + members.map { "\"\($0)\": \(depth > 0 ? value(depth: depth - 1) : "1")" }.joined(separator: ", ")
          + "}"
      default: return chance(50) ? "[]" : "[\(pick(ReliabilityLayoutJSONFuzzTests.numbers))]"
      }
    }

    mutating func node(depth: Int) -> String {
      let type = chance(2) ? pick(["blob", "VSTACK", ""]) : pick(ReliabilityLayoutJSONFuzzTests.types)
      var members = [chance(1) ? "\"type\": 5" : "\"type\": \"\(type)\""]
      for key in ReliabilityLayoutJSONFuzzTests.keys where chance(12) {
        members.append("\"\(key)\": \(value(depth: 1))")
      }
      if type.hasSuffix("stack") || chance(3) {
        let count = depth > 5 ? 0 : Int.random(in: 0...4, using: &rng)
        members.append(
          "\"children\": [" + (0..<count).map { _ in node(depth: depth + 1) }.joined(separator: ", ") + "]")
      }
      return "{" + members.shuffled(using: &rng).joined(separator: ", ") + "}"
    }

    /// A tree, sometimes cut short or with one byte changed.
    mutating func document() -> [UInt8] {
      var bytes = Array(node(depth: 0).utf8)
      if chance(10) { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng))) }
      if chance(10), !bytes.isEmpty {
        bytes[Int.random(in: 0..<bytes.count, using: &rng)] =
          pick(["\"", "{", "]", ",", "x", "\u{7F}", "\\"]).utf8.first ?? 0
      }
      return bytes
    }
  }

  @Test(arguments: 0..<10)
  func generatedJSONIsRefusedWithAPlaceOrLaysOutSoundly(batch: Int) throws {
    var writer = Writer(rng: SplitMix64(seed: 0x5EED_0000 &+ UInt64(batch)))
    var refused = 0
    for index in 0..<1_000 {
      let bytes = writer.document()
      let document: LayoutDocument
      do {
        document = try LayoutJSON.decode(bytes)
      } catch {
        refused += 1
        #expect(error.path.hasPrefix("root") || error.path.hasPrefix("line "), "\(batch)/\(index): \(error)")
        #expect(!error.message.isEmpty)
        continue
      }
      let width: Double = [0, 1, 390, 1e6].randomElement(using: &writer.rng) ?? 390
      let result = LayoutEngine(measurer: FakeMeasurer()).layout(document.root, width: width)
      #expect(result.invariantViolations().isEmpty, "\(batch)/\(index): \(result.invariantViolations().prefix(2))")
      let sound = result.frames.allSatisfy {
        $0.x.isFinite && $0.y.isFinite && $0.width.isFinite && $0.height.isFinite && $0.width >= 0 && $0.height >= 0
      }
      #expect(sound, "\(batch)/\(index): \(String(decoding: bytes, as: UTF8.self))")
      let json = LayoutJSON.encode(result)
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil,
        "\(batch)/\(index): the output is not JSON: \(json.prefix(400))")
    }
    // Both outcomes are exercised in every batch.
    #expect((100...900).contains(refused), "batch \(batch): \(refused) of 1000 refused")
  }
}
