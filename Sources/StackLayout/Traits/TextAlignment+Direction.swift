extension TextAlignment {
  /// The alignment a renderer draws for `direction`: `natural` is `left` in left-to-right and `right` in
  /// right-to-left (UIKit's `NSTextAlignment.natural`); `left`, `center` and `right` are absolute and stay;
  /// `justified` stays (a renderer that does not justify draws its lines as `natural` resolves).
  public func resolved(for direction: LayoutDirection) -> TextAlignment {
    guard self == .natural else { return self }
    return direction == .rightToLeft ? .right : .left
  }
}
