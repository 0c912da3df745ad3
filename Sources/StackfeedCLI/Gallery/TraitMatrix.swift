import StackLayout

/// The trait sets `gallery` draws every card for: each content size × each direction × each scheme, in that
/// order. By default `L` and `AX3` × `ltr` and `rtl` × `light` and `dark` (8 sets); an option given narrows its
/// axis to its value.
///
///     TraitMatrix(contentSize: .accessibilityExtraLarge, direction: nil, scheme: nil).sets.map(\.name)
///     // ["AX3 ltr light", "AX3 ltr dark", "AX3 rtl light", "AX3 rtl dark"]
struct TraitMatrix {
  /// The sizes drawn without `--content-size`.
  static let standardSizes: [ContentSizeCategory] = [.large, .accessibilityExtraLarge]

  /// The trait sets, content size first, then direction, then scheme.
  let sets: [Traits]

  /// The matrix narrowed to each option given.
  init(contentSize: ContentSizeCategory?, direction: LayoutDirection?, scheme: ColorScheme?) {
    var sets: [Traits] = []
    for size in contentSize.map({ [$0] }) ?? Self.standardSizes {
      for direction in direction.map({ [$0] }) ?? LayoutDirection.allCases {
        for scheme in scheme.map({ [$0] }) ?? ColorScheme.allCases {
          sets.append(Traits(contentSize: size, direction: direction, scheme: scheme))
        }
      }
    }
    self.sets = sets
  }

  /// The folder a trait set's pictures are written to: its name with `-` for spaces, e.g. `AX3-rtl-dark`.
  static func folder(of traits: Traits) -> String {
    traits.name.split(separator: " ").joined(separator: "-")
  }
}
