import FeedModels

/// The texts of the feed's header row, derived from the profile.
///
///     let header = HeaderViewModel(profile: Profile(firstName: "Russell", lastName: "Warwick"))
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

  /// Derives the header texts from a profile.
  public init(profile: Profile) {
    headline = ("Hi, " + profile.firstName).uppercased()
    let letters = [profile.firstName.first, profile.lastName.first].compactMap { $0 }
    initials = String(letters).uppercased()
  }
}
