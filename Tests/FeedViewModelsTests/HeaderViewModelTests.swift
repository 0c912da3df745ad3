import FeedModels
import FeedViewModels
import Testing

@Suite struct HeaderViewModelTests {
  @Test(arguments: [
    ("Russell", "Warwick", "HI, RUSSELL", "RW"),
    ("élodie", "Ångström", "HI, ÉLODIE", "ÉÅ"),
    ("straße", "ßmith", "HI, STRASSE", "SSS"),
    ("iris", "ince", "HI, IRIS", "II"),
    ("😀joy", "Lee", "HI, 😀JOY", "😀L"),
    ("Madonna", "", "HI, MADONNA", "M"),
    ("", "", "HI, ", ""),
  ])
  func headlineAndInitialsAreUpperCasedWithoutALocale(first: String, last: String, headline: String, initials: String) {
    let model = HeaderViewModel(user: User(id: "u1", firstName: first, lastName: last))
    #expect(model.headline == headline)
    #expect(model.initials == initials)
  }
}
