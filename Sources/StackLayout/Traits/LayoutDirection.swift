/// The user interface layout direction (UIKit's `UIUserInterfaceLayoutDirection`): horizontal stacks
/// arrange leading to trailing, from the left in `leftToRight`, from the right in `rightToLeft`.
/// The raw values are the names the command line and the HTTP API take.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
  /// Left to right, the default.
  case leftToRight = "ltr"
  /// Right to left (Arabic, Hebrew, …).
  case rightToLeft = "rtl"
}
