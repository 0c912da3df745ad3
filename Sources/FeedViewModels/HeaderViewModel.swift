import FeedModels

/// The texts of the feed's header row, derived from the viewer.
///
///     let header = HeaderViewModel(user: User(id: "default", firstName: "Russell", lastName: "Warwick"))
///     header.headline  // "HI, RUSSELL"
///     header.initials  // "RW"
///
/// Upper-casing is Swift's `String.uppercased()`: Unicode's full default case mapping, which reads no locale (the same result as `en_US_POSIX`), so `ß` becomes
/// `SS` and `i` stays `I` on any device.
public struct HeaderViewModel: Sendable, Hashable {
  /// `"HI, " + firstName`, upper-cased.
  public let headline: String
  /// The first character of the first and the last name, upper-cased (an empty name contributes nothing).
  public let initials: String

  /// Derives the header texts from a user.
  public init(user: User) {
    headline = ("Hi, " + user.firstName).uppercased()
    let letters = [user.firstName.first, user.lastName.first].compactMap { $0 }
    initials = String(letters).uppercased()
  }
}
