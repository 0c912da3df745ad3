import StackLayout

extension Color {
  /// `#RRGGBB`, ignoring alpha (SVG paints carry alpha separately as an opacity).
  var rgbHex: String { withAlpha(1).hex }

  /// A CSS colour: `#RRGGBB` when opaque, else `rgba(r,g,b,a)` with 8-bit channels.
  var css: String {
    guard alpha < 1 else { return rgbHex }
    let channels = [red, green, blue].map { String(Int(($0 * 255).rounded())) }
    return "rgba(\(channels.joined(separator: ",")),\(LayoutJSON.number(alpha)))"
  }
}

extension FontWeight {
  /// The CSS `font-weight` number: ultraLight 100 … regular 400 … black 900.
  var cssWeight: Int {
    switch self {
    case .ultraLight: 100
    case .thin: 200
    case .light: 300
    case .regular: 400
    case .medium: 500
    case .semibold: 600
    case .bold: 700
    case .heavy: 800
    case .black: 900
    }
  }
}
