extension Color {
  /// A colour drawn as `light` in the light scheme and as `dark` in the dark one (UIKit's
  /// `UIColor { $0.userInterfaceStyle == .dark ? dark : light }`); a pair given as a half takes that pair's
  /// colour for the scheme.
  ///
  /// ```swift
  /// Text("Hi", color: .pair(light: .black, dark: .white))
  /// ```
  public static func pair(light: Color, dark: Color) -> Color {
    var color = light.light
    let dark = dark.dark
    color.darkRGBA = dark == color ? nil : dark.rgba
    return color
  }

  /// Whether the colour differs between the light and the dark scheme.
  public var isPair: Bool { darkRGBA != nil }

  /// The colour drawn in the light scheme (not a pair).
  public var light: Color {
    var color = self
    color.darkRGBA = nil
    return color
  }

  /// The colour drawn in the dark scheme (not a pair): the dark half of a pair, else the colour itself.
  public var dark: Color {
    guard let rgba = darkRGBA else { return self }
    return Color(
      red: Double(rgba >> 24 & 0xFF) / 255, green: Double(rgba >> 16 & 0xFF) / 255,
      blue: Double(rgba >> 8 & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
  }

  /// The colour drawn in `scheme` (not a pair).
  public func resolved(for scheme: ColorScheme) -> Color {
    switch scheme {
    case .light: light
    case .dark: dark
    }
  }

  /// The 8-bit components as `0xRRGGBBAA`.
  private var rgba: UInt32 {
    [red, green, blue, alpha].reduce(0) { $0 << 8 | UInt32(($1 * 255).rounded()) }
  }
}
