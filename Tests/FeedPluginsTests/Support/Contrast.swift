import Foundation
import StackLayout

/// WCAG 2.x contrast: relative luminance of sRGB colours, the contrast ratio of two, and source-over compositing.
enum Contrast {
  /// WCAG's relative luminance of an opaque colour: 0 for black, 1 for white.
  static func luminance(_ color: Color) -> Double {
    func linear(_ channel: Double) -> Double {
      channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
  }

  /// `(L1 + 0.05) / (L2 + 0.05)`, the lighter colour's luminance over the darker's: 1 to 21.
  static func ratio(_ a: Color, _ b: Color) -> Double {
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  /// `top` painted over the opaque `bottom`, its alpha multiplied by `opacity`.
  static func over(_ top: Color, _ bottom: Color, opacity: Double = 1) -> Color {
    let a = top.alpha * opacity
    return Color(
      red: top.red * a + bottom.red * (1 - a), green: top.green * a + bottom.green * (1 - a),
      blue: top.blue * a + bottom.blue * (1 - a))
  }
}
