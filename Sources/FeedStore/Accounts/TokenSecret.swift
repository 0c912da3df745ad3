import Hashing

/// The secret of an API token: what `stackfeed token create` prints, once, and a client sends as
/// `Authorization: Bearer …`. It is `sft_` followed by 64 lowercase hex digits: 256 random bits, and a prefix
/// that says what the string is (a secret scanner, a log reviewer, a person pasting it).
///
/// The bits come from the operating system's CSPRNG (``RandomIDs/Source/system``: on Linux `getrandom(2)`, the
/// kernel's generator that `/dev/urandom` serves; on Apple platforms `arc4random_buf`). The store keeps only ``hash``: a copy of the database does not give anyone a token.
///
///     let secret = TokenSecret.generate()      // sft_9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
///     TokenSecret(secret.text)?.hash == secret.hash   // true
public struct TokenSecret: Sendable {
  /// What every token begins with.
  public static let prefix = "sft_"
  /// The number of hex digits after the prefix: 4 bits each, 256 bits in all.
  static let digits = 64

  /// The token as printed and sent.
  public let text: String

  /// A new secret of 256 bits from the OS's CSPRNG.
  public static func generate() -> TokenSecret {
    var random = RandomIDs(.system)
    return TokenSecret(checked: random.hex(prefix: prefix, words: digits / 16))
  }

  /// The secret `text` when it has a token's form (the prefix and 64 lowercase hex digits); nil for anything
  /// else, which then needs no look-up.
  public init?(_ text: String) {
    let utf8 = text.utf8
    guard utf8.count == Self.prefix.utf8.count + Self.digits, text.hasPrefix(Self.prefix),
      utf8.dropFirst(Self.prefix.utf8.count).allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
    else { return nil }
    self.text = text
  }

  private init(checked text: String) {
    self.text = text
  }

  /// What the store keeps and looks the token up by: the SHA-256 of ``text`` as 64 lowercase hex digits.
  /// A fast hash is enough here (no salt, no key stretching): those protect guessable passwords, and a
  /// 256-bit random secret cannot be guessed from its hash.
  public var hash: String {
    SHA256.hexDigest(text.utf8)
  }
}
