import JSONCore

/// An sRGB colour with alpha, each component in 0…1; or, like a dynamic `UIColor`, a light/dark pair of them
/// that a renderer resolves for the colour scheme it draws (`resolved(for:)`).
///
/// ```swift
/// Color(hex: "#2E8ED7")                                   // tint
/// Color.white(0.95)                                       // screen background
/// Color.pair(light: .white, dark: Color(hex: "#1C1C1E")!)  // a card in either scheme
/// ```
///
/// The components (`red`, `green`, `blue`, `alpha`, `hex`) are the light colour's, which is the colour itself
/// when it is not a pair. A pair's dark half is kept as 8-bit components: colours are drawing only, and a pair
/// costs a plain colour 8 bytes more, inside the node's out-of-line details or label content.
public struct Color: Sendable, Hashable {
  /// Red, 0…1 (of the light colour).
  public var red: Double
  /// Green, 0…1 (of the light colour).
  public var green: Double
  /// Blue, 0…1 (of the light colour).
  public var blue: Double
  /// Opacity, 0…1 (of the light colour).
  public var alpha: Double
  /// The dark colour as `0xRRGGBBAA`; nil when the colour is the same in both schemes.
  var darkRGBA: UInt32?

  /// Creates a colour; components are clamped to 0…1 (NaN becomes 0) and rounded to 8 bits, so
  /// that a colour always survives `#RRGGBBAA` text unchanged.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = Color.clamp(red)
    self.green = Color.clamp(green)
    self.blue = Color.clamp(blue)
    self.alpha = Color.clamp(alpha)
  }

  /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional; hexadecimal digits only, no sign); nil when malformed.
  public init?(hex: String) {
    var digits = Substring(hex)
    if digits.first == "#" { digits = digits.dropFirst() }
    guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
      let value = UInt32(digits, radix: 16)
    else { return nil }
    let rgba = digits.count == 8 ? value : value << 8 | 0xFF
    self.init(
      red: Double(rgba >> 24 & 0xFF) / 255, green: Double(rgba >> 16 & 0xFF) / 255,
      blue: Double(rgba >> 8 & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
  }

  /// A grey in UIKit's `UIColor(white:alpha:)` style: `white(0.95)` is `#F2F2F2`.
  public static func white(_ white: Double, alpha: Double = 1) -> Color {
    Color(red: white, green: white, blue: white, alpha: alpha)
  }

  /// Opaque white.
  public static let white = Color(red: 1, green: 1, blue: 1)
  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Fully transparent.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// The same colour with another alpha (both colours of a pair).
  public func withAlpha(_ alpha: Double) -> Color {
    let light = Color(red: red, green: green, blue: blue, alpha: alpha)
    guard isPair else { return light }
    return .pair(light: light, dark: dark.withAlpha(alpha))
  }

  /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; components rounded to 8 bits (of the light colour).
  public var hex: String {
    var out = ByteBuffer(capacity: 9)
    appendHex(to: &out)
    return out.text
  }

  /// Appends ``hex`` to `out`, each component by JSONCore's hex writer.
  public func appendHex(to out: inout ByteBuffer) {
    func byte(_ component: Double) {
      out.append(hex: UInt64((component * 255).rounded()), digits: 2, uppercase: true)
    }
    out.append(UInt8(ascii: "#"))
    byte(red)
    byte(green)
    byte(blue)
    if alpha < 1 { byte(alpha) }
  }

  private static func clamp(_ value: Double) -> Double {
    value.isNaN ? 0 : (min(max(value, 0), 1) * 255).rounded() / 255
  }
}
