extension String {
  /// The characters a shell word may hold without quotes.
  private static let shellSafe = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:,=@%".unicodeScalars)

  /// The string as one POSIX shell word: as it is when every character is safe, else in single quotes
  /// (`it's` → `'it'\''s'`).
  var shellWord: String {
    if !isEmpty && unicodeScalars.allSatisfy(Self.shellSafe.contains) { return self }
    return "'" + replacing("'", with: #"'\''"#) + "'"
  }
}
