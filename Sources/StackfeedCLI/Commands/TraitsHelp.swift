/// The trait options' synopsis and `--help` lines, the same in every command that lays out (`render`, `layout`,
/// `gallery`).
enum TraitsHelp {
  /// `[--content-size C] [--direction D] [--scheme S]`.
  static let usage = "[--content-size C] [--direction ltr|rtl] [--scheme light|dark]"

  /// The options, one per line, as `--help` shows them.
  static let lines = """
      --content-size C    Dynamic Type size: xS, S, M, L (default), xL, xxL, xxxL, AX1, AX2, AX3, AX4, AX5
      --direction D       layout direction: ltr (default) or rtl (horizontal stacks arrange from the right)
      --scheme S          colour scheme: light (default) or dark
    """
}
