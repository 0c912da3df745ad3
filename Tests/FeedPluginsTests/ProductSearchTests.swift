import BuiltInPlugins
import Testing

/// ``ProductSearch/fold(_:)``: the one folding of titles and queries both databases index and search.
@Suite struct ProductSearchTests {
  @Test(
    "titles fold to lower-case ASCII words separated by one space",
    arguments: [
      ("Apex Hoodie", "apex hoodie"),
      ("Lúcia", "lucia"),
      ("Lu\u{301}cia", "lucia"),
      ("LÚCIA", "lucia"),
      ("Straße", "strasse"),
      ("STRAẞE", "strasse"),
      ("Ærø Œuvre", "aero oeuvre"),
      ("Þór Ðuro", "thor duro"),
      ("Łódź Ñandú", "lodz nandu"),
      ("Arrival T-Shirt", "arrival t shirt"),
      ("  Crème   brûlée!! ", "creme brulee"),
      ("Size ٣ 42", "size 3 42"),
      ("ﬁne Ｆｉｔ", "fine fit"),
      ("Москва", "x00043cx00043ex000441x00043ax000432x000430"),
      ("МОСКВА", "x00043cx00043ex000441x00043ax000432x000430"),
      ("东京 Tee", "x004e1cx004eac tee"),
      ("—", ""),
      ("", ""),
    ])
  func fold(title: String, folded: String) {
    #expect(ProductSearch.fold(title) == folded)
  }

  @Test(
    "a query's words are its folded words",
    arguments: [
      ("hoodie", ["hoodie"]), ("  HOOD  lú ", ["hood", "lu"]), ("t-shirt", ["t", "shirt"]), ("?!", []),
    ])
  func terms(query: String, terms: [String]) {
    #expect(ProductSearch.terms(query) == terms)
  }
}
