import FeedStore
import Foundation
import StackfeedTestSupport

/// Random records that follow a kind's ``RecordRules``, drawn at the rules' edges (the shortest and longest texts,
/// the smallest and largest integers and lists) and in between, from a mix of scripts: Latin with accents,
/// Arabic (right to left), CJK, combining marks, emoji (several scalars each), and spaces between words.
struct RuleSamples {
  var random: SplitMix64
  /// Ids to pick from, by field name, for fields that refer to other records (`product`, `user`, `users`).
  var references: [String: [String]] = [:]

  /// A record by `rules` as Foundation JSON; `fixed` fields are given, not drawn.
  mutating func record(_ rules: RecordRules, fixed: [String: Any] = [:]) -> [String: Any] {
    var record: [String: Any] = [:]
    for field in rules.fields {
      if let value = fixed[field.name] {
        record[field.name] = value
        continue
      }
      switch field.presence {
      case .required: record[field.name] = value(field.value, named: field.name)
      case .optional, .omittable:
        switch Int.random(in: 0..<3, using: &random) {
        case 0: break
        case 1 where field.presence == .optional: record[field.name] = NSNull()
        default: record[field.name] = value(field.value, named: field.name)
        }
      }
    }
    return record
  }

  private mutating func value(_ rule: FieldRule.Value, named name: String) -> Any {
    switch rule {
    case .text(let text):
      if let ids = references[name], !ids.isEmpty { return ids[Int.random(in: ids.indices, using: &random)] }
      return self.text(text)
    case .integer(let range):
      return edge(range)
    case .instant:
      let seconds = Int.random(in: 0..<4_102_444_800, using: &random)
      return ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
    case .list(let element, let count):
      if case .text = element, let ids = references[name] {
        return Array(ids.shuffled(using: &random).prefix(edge(count)))
      }
      return (0..<edge(count)).map { _ in value(element, named: name) }
    case .record(let rules):
      return record(rules)
    }
  }

  /// An id by ``TextRule/identifier`` that is not in `taken`, which it joins.
  mutating func identifier(notIn taken: inout Set<String>) -> String {
    while true {
      let id = text(.identifier)
      if taken.insert(id).inserted { return id }
    }
  }

  /// The bounds half of the time, else a value between.
  private mutating func edge(_ range: ClosedRange<Int>) -> Int {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: range.lowerBound
    case 1: range.upperBound
    default: Int.random(in: range, using: &random)
    }
  }

  /// Pieces texts are made of: each one or more Unicode scalars.
  private static let pieces = [
    "a", "Z", "7", "é", "ß", "ñ", "Ø", "ق", "ع", "ى", "中", "文", "語", "e\u{301}", "🙂", "👩‍💻", "🇫🇷", "'", "&", "<", "%",
  ]
  private static let spaces = [" ", "\u{A0}", "\u{3000}"]

  /// A text by `rule`: 1 to its maximum length in scalars, the ends of that range half of the time.
  private mutating func text(_ rule: TextRule) -> String {
    let length = edge(1...rule.maximumLength)
    var scalars: [Unicode.Scalar] = []
    while scalars.count < length {
      let space = rule.syntax == .text && !scalars.isEmpty && Int.random(in: 0..<5, using: &random) == 0
      let pieces = space ? Self.spaces : Self.pieces
      let piece = pieces[Int.random(in: pieces.indices, using: &random)]
      let pieceScalars = Array(piece.unicodeScalars)
      scalars += pieceScalars.count <= length - scalars.count ? pieceScalars : [Unicode.Scalar("x")]
    }
    let text = String(String.UnicodeScalarView(scalars))
    precondition(rule.problem(with: text) == nil, "a sample must follow its rule: \(text)")
    return text
  }
}
