import StackLayout

/// A node's ``Accessibility`` as WAI-ARIA attributes, shared by the HTML page and the SVG picture.
///
/// The role is the first of the node's traits that has one: `button` and `toggleButton` → `button`, `link`
/// → `link`, `searchField` → `searchbox`, `header` → `heading` (with `aria-level="2"`), `image` → `img`,
/// `adjustable` → `slider`, `tabBar` → `tablist`; a node with a label and none of these is a `group` (ARIA
/// names no generic element). The label is `aria-label`, the hint `aria-description`; `selected` adds
/// `aria-current="true"`, `notEnabled` `aria-disabled="true"`, `updatesFrequently` `aria-live="polite"`, and a
/// hidden node is `aria-hidden="true"`. A button or link is focusable (`tabindex="0"`) in HTML.
///
/// ```swift
/// AccessibilityMarkup(Accessibility(label: "Search", traits: [.button])).attributes(focusable: true)
/// // ` role="button" tabindex="0" aria-label="Search"`
/// ```
struct AccessibilityMarkup {
  /// The ARIA role, if any.
  let role: String?
  /// The attributes, each with a leading space, in a fixed order (role first).
  private let parts: [(name: String, value: String)]

  /// The markup of `accessibility`.
  init(_ accessibility: Accessibility) {
    let traits = accessibility.traits
    let role = Self.roles.first { traits.contains($0.trait) }?.role
    self.role = role ?? (accessibility.label == nil ? nil : "group")
    var parts: [(name: String, value: String)] = []
    if role == "heading" { parts.append(("aria-level", "2")) }
    if let label = accessibility.label { parts.append(("aria-label", label)) }
    if let hint = accessibility.hint { parts.append(("aria-description", hint)) }
    if traits.contains(.selected) { parts.append(("aria-current", "true")) }
    if traits.contains(.notEnabled) { parts.append(("aria-disabled", "true")) }
    if traits.contains(.updatesFrequently) { parts.append(("aria-live", "polite")) }
    if accessibility.isHidden { parts.append(("aria-hidden", "true")) }
    self.parts = parts
  }

  /// The roles of traits, in the order a role is chosen.
  private static let roles: [(trait: AccessibilityTrait, role: String)] = [
    (.button, "button"), (.toggleButton, "button"), (.link, "link"), (.searchField, "searchbox"),
    (.header, "heading"), (.image, "img"), (.adjustable, "slider"), (.tabBar, "tablist"),
  ]

  /// The attributes, escaped, each with a leading space; `tabindex="0"` after the role of a button or link when
  /// `focusable`.
  func attributes(focusable: Bool) -> String {
    var text = role.map { #" role="\#($0)""# } ?? ""
    if focusable, role == "button" || role == "link" { text += #" tabindex="0""# }
    for (name, value) in parts { text += #" \#(name)="\#(XMLText.escaped(value))""# }
    return text
  }
}
