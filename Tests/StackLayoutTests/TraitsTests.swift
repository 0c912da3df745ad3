import StackLayout
import Testing

struct TraitsTests {
  @Test func theDefaultsAreLargeLeftToRightAndLight() {
    #expect(Traits.default == Traits(contentSize: .large, direction: .leftToRight, scheme: .light))
    #expect(Traits.default.name == "L ltr light")
    #expect(LayoutEngine().traits == .default)
  }

  @Test func theContentSizesGrowInUIKitsOrder() {
    let names = ContentSizeCategory.allCases.map(\.rawValue)
    #expect(names == ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
    #expect(ContentSizeCategory.allCases == ContentSizeCategory.allCases.sorted())
    #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).map(\.rawValue).first == "AX1")
  }

  @Test(arguments: ["l", "ax3", "XS", "", " L"]) func namesAreExact(name: String) {
    #expect(ContentSizeCategory(rawValue: name) == nil)
  }

  @Test func aResultRecordsTheEnginesTraits() {
    var engine = LayoutEngine()
    engine.traits = Traits(contentSize: .accessibilityExtraLarge, direction: .rightToLeft, scheme: .dark)
    let result = engine.layout(LayoutNode(kind: .spacer), width: 100)
    #expect(result.traits == engine.traits)
    #expect(result.traits.name == "AX3 rtl dark")
  }
}
