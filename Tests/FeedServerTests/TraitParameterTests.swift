import HTTPServer
import StackfeedTestSupport
import Testing

/// `content_size`, `direction` and `scheme` on every route that lays out (docs/HTTP.md "Traits"): the options of
/// `render` with the same parser, a bad value a 400 problem naming the parameter, an ETag per trait set, the
/// defaults given explicitly the answer without them.
@Suite("FeedAPI: trait parameters")
struct TraitParameterTests {
  /// Every route that lays out cards, with a query of its own.
  static let routes = [
    "/v1/render?limit=3", "/v1/render?format=svg&limit=3", "/v1/stack?limit=3", "/v1/stack?format=html&limit=3",
    "/v1/rows/header/profile?width=320", "/?width=320",
  ]

  static let contentSizes = "xS or S or M or L or xL or xxL or xxxL or AX1 or AX2 or AX3 or AX4 or AX5"

  static let badValues: [(query: String, parameter: String, detail: String)] = [
    ("content_size=huge", "content_size", #"content_size takes \#(contentSizes), not \"huge\""#),
    ("direction=up", "direction", #"direction takes ltr or rtl, not \"up\""#),
    ("scheme=sepia", "scheme", #"scheme takes light or dark, not \"sepia\""#),
    ("scheme", "scheme", "scheme needs a value (scheme=…)"),
    ("content-size=AX3", "content-size", #"unknown parameter \"content-size\""#),
  ]

  @Test("a bad trait value is a 400 problem naming the parameter, on every route that lays out", arguments: routes)
  func badValue(route: String) throws {
    let api = try TestAPI()
    for bad in Self.badValues {
      let response = api.get(route + "&" + bad.query)
      #expect(response.status == 400, "\(route)&\(bad.query)")
      #expect(
        response.text
          == #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"\#(bad.detail)","parameter":"\#(bad.parameter)"}"#
      )
    }
  }

  @Test("the routes that do not lay out refuse the trait parameters", arguments: ["/v1/feed", "/healthz"])
  func notTakenElsewhere(route: String) throws {
    let response = try TestAPI().get(route + "?scheme=dark")
    #expect(response.status == 400)
    #expect(response.text.contains(#""parameter":"scheme""#))
  }

  /// The cards' routes; `/` forces a scheme given, even `light` (without one it follows the browser's).
  @Test("the default traits given are the answer without them: same bytes, same ETag", arguments: routes)
  func defaultsAreToday(route: String) throws {
    let api = try TestAPI()
    let without = api.get(route)
    let with = api.get(route + "&content_size=L&direction=ltr" + (route.hasPrefix("/?") ? "" : "&scheme=light"))
    #expect(without.status == 200)
    #expect(with.status == 200)
    #expect(with.text == without.text)
    #expect(with.header("ETag") == without.header("ETag"))
  }

  @Test("each trait set has an ETag of its own, and a remembered answer is only served for its own traits")
  func etagPerTraitSet() throws {
    let api = try TestAPI()
    let sets = [
      "", "&content_size=AX3", "&direction=rtl", "&scheme=dark", "&content_size=AX3&direction=rtl&scheme=dark",
    ]
    var tags: Set<String> = []
    for set in sets {
      let first = api.get("/v1/render?limit=3" + set)
      #expect(first.status == 200)
      tags.insert(first.header("ETag") ?? "")
      // Asked again (now from the memo), and with If-None-Match naming another set's tag.
      #expect(api.get("/v1/render?limit=3" + set).body == first.body)
      #expect(api.get("/v1/render?limit=3" + set).header("ETag") == first.header("ETag"))
    }
    #expect(tags.count == sets.count)
    let large = api.get("/v1/render?limit=3")
    let ax3 = api.get(
      "/v1/render?limit=3&content_size=AX3", headers: [HTTPField("If-None-Match", large.header("ETag") ?? "")])
    #expect(ax3.status == 200)
  }

  @Test("/ with a scheme is forced to it; without one it follows the browser's")
  func indexScheme() throws {
    let api = try TestAPI()
    #expect(api.get("/").text.contains(#"<meta name="color-scheme" content="light dark"/>"#))
    #expect(api.get("/?scheme=dark").text.contains(#"<meta name="color-scheme" content="dark"/>"#))
    #expect(api.get("/?scheme=light").text.contains(#"<meta name="color-scheme" content="light"/>"#))
    #expect(api.get("/?content_size=AX3&direction=rtl").status == 200)
  }
}

/// `/v1/render?format=html&system_scheme`: the page that follows the browser's colour scheme, which `/` asks for
/// when no scheme is forced.
@Suite("FeedAPI: the HTML that follows the browser's colour scheme")
struct SystemSchemeTests {
  @Test func theHTMLWritesBothColoursOfThePairs() throws {
    let api = try TestAPI()
    let system = api.get("/v1/render?format=html&limit=3&system_scheme")
    #expect(system.status == 200)
    #expect(system.text.contains("@media (prefers-color-scheme:dark){:root{--page:#000000}}"))
    #expect(system.text.contains("background:var(--page)"))
    let light = api.get("/v1/render?format=html&limit=3")
    #expect(!light.text.contains("prefers-color-scheme"))
    #expect(system.header("ETag") != light.header("ETag"))
  }

  @Test(arguments: ["format=json&system_scheme", "format=svg&system_scheme", "format=html&scheme=dark&system_scheme"])
  func onlyForHTMLWithoutAScheme(query: String) throws {
    let response = try TestAPI().get("/v1/render?limit=3&" + query)
    #expect(response.status == 400)
    #expect(response.text.contains(#""parameter":"system_scheme""#))
  }

  @Test func thePageAsksForItUnlessASchemeIsForced() throws {
    let page = try TestAPI().get("/").text
    #expect(page.contains(#"(parameters.has("scheme") ? "" : "&system_scheme")"#))
  }
}
