/// Light or dark appearance (UIKit's `UIUserInterfaceStyle`): which colour of a light/dark pair a
/// renderer draws. The raw values are the names the command line and the HTTP API take.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
  /// The light appearance, the default.
  case light
  /// The dark appearance.
  case dark
}
