/// Advance widths, in font units, of one Inter face, with the documented fallback for everything else.
///
/// Fallback for a scalar the table lacks: marks, format and control characters (general categories
/// Mn, Me, Cf, Cc, Zl, Zp) are 0; East Asian wide and fullwidth characters (CJK, kana, Hangul,
/// fullwidth forms) are 1 em; anything else gets the face's average a–z advance. An emoji cluster
/// (emoji presentation, or an emoji followed by U+FE0F) is 1.25 em whatever scalars it holds.
struct GlyphWidths: Sendable {
  /// Advances of the face over the generated runs.
  let advances: [UInt16]
  /// The face's average a–z advance.
  let average: Int
  /// Font units per em.
  let unitsPerEm: Int

  /// The widths of the face used for `weight`.
  init(weight: FontWeight) {
    let face = GlyphAdvances.faceIndex(weight)
    advances = GlyphAdvances.faces[face]
    average = GlyphAdvances.averageAdvances[face]
    unitsPerEm = GlyphAdvances.unitsPerEm
  }

  /// Width of an emoji cluster: 1.25 em (the advance of Noto Color Emoji, close to Apple's).
  var emojiUnits: Int { unitsPerEm * 5 / 4 }

  /// Advance of one scalar.
  func units(of scalar: Unicode.Scalar) -> Int {
    if let index = GlyphAdvances.tableIndex(of: scalar.value) {
      let advance = advances[index]
      if advance != GlyphAdvances.missing {
        return Int(advance)
      }
    }
    return fallbackUnits(of: scalar)
  }

  /// Advance of one grapheme cluster: an emoji is one glyph; otherwise the sum of its scalars.
  func units(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value >= 0xA9 && Self.isEmoji(first, in: scalars) {
      return emojiUnits
    }
    var total = 0
    for scalar in scalars {
      total += units(of: scalar)
    }
    return total
  }

  private func fallbackUnits(of scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator, .surrogate:
      return 0
    default:
      return Self.isWide(scalar.value) ? unitsPerEm : average
    }
  }

  private static func isEmoji(_ first: Unicode.Scalar, in scalars: Character.UnicodeScalarView) -> Bool {
    let properties = first.properties
    if properties.isEmojiPresentation {
      return true
    }
    return properties.isEmoji && scalars.contains("\u{FE0F}")
  }

  /// East Asian Wide or Fullwidth (UAX #11), by block: these take 1 em and break like ideographs.
  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
