/// Why a card-stack configuration, container width or transit translation was refused.
public enum CardStackError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A field is NaN or infinite.
  case notFinite(field: String, value: Double)
  /// A height field (`collapsedHeight`, `expandedHeight`, `cardHeight`) is zero or negative.
  case notPositive(field: String, value: Double)
  /// An offset, threshold, spacing or the container width is negative.
  case negative(field: String, value: Double)
  /// `expandedHeight` is not strictly greater than `collapsedHeight`.
  case expandedNotAboveCollapsed(expandedHeight: Double, collapsedHeight: Double)
  /// A transit translation lies outside `0 … expandedHeight − collapsedHeight`.
  case translationOutOfRange(translation: Double, maximum: Double)

  /// The field the error is about.
  public var field: String {
    switch self {
    case .notFinite(let field, _), .notPositive(let field, _), .negative(let field, _): field
    case .expandedNotAboveCollapsed: "expandedHeight"
    case .translationOutOfRange: "translation"
    }
  }

  /// A one-line human message naming the field and the offending value.
  public var description: String { "card stack: " + message { $0 } }

  /// The message without the `card stack:` prefix, with each field spelled by `name`
  /// (the CLI passes its flag names, e.g. `cardHeight` → `--card-height`).
  public func message(naming name: (String) -> String) -> String {
    switch self {
    case .notFinite(let field, let value):
      "\(name(field)) must be a finite number, got \(Self.text(value))"
    case .notPositive(let field, let value):
      "\(name(field)) must be greater than 0, got \(Self.text(value))"
    case .negative(let field, let value):
      "\(name(field)) must not be negative, got \(Self.text(value))"
    case .expandedNotAboveCollapsed(let expanded, let collapsed):
      "\(name("expandedHeight")) (\(Self.text(expanded))) must be greater than \(name("collapsedHeight")) "
        + "(\(Self.text(collapsed)))"
    case .translationOutOfRange(let translation, let maximum):
      "\(name("translation")) must be between 0 and \(Self.text(maximum)) "
        + "(\(name("expandedHeight")) − \(name("collapsedHeight"))), got \(Self.text(translation))"
    }
  }

  /// A value as the user typed it: `200`, not `200.0`; `0.5` and `nan` as Swift prints them.
  private static func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }
}
