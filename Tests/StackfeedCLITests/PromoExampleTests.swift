import Foundation
import StackfeedTestSupport
import Testing

/// Issue 10: a row kind is a target outside the core. `stackfeed-promo` (Examples/PromoPlugin) is the whole CLI
/// with the built-in kinds plus `promo`, through `Stackfeed.main(plugins:)`.
@Suite struct PromoExampleTests {
  @Test(arguments: Backend.available)
  func theExampleSeedsListsRendersAndGeneratesPromoRows(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    let seeded = try cli.run(["seed", "--db", database], executable: CLIHarness.promoBinary)
    #expect(seeded.code == 0)
    #expect(
      seeded.stdout
        == "seeded feed_items.json, orders.json, products.json, profile.json, promos.json, 10 images from bundled Seeds/\n"
    )

    let listed = try cli.run(["list", "--db", database, "--time-zone", "UTC"], executable: CLIHarness.promoBinary)
    #expect(listed.code == 0)
    let kinds = listed.stdout.split(separator: "\n").compactMap { line in
      line.first == " " ? nil : line.split(separator: " ").first.map(String.init)
    }
    #expect(
      kinds == [
        "header", "feed_item", "order", "feed_item", "feed_item", "promo", "promo", "feed_item", "feed_item",
        "feed_item",
      ])
    #expect(listed.stdout.contains("promo      text      SPRING SALE: 20% OFF\n"))

    let json = try cli.run(["list", "--db", database, "--format", "json"], executable: CLIHarness.promoBinary)
    #expect(json.stdout.contains(#"{"kind": "promo", "id": "app", "texts": {"text": "GET THE APP"}}"#))

    let rendered = try cli.run(
      ["render", "--db", database, "--format", "json", "--width", "390"], executable: CLIHarness.promoBinary)
    #expect(rendered.code == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(rendered.stdout.utf8)) as? [String: Any])
    let rows = try #require(document["rows"] as? [[String: Any]])
    let promos = rows.filter { $0["kind"] as? String == "promo" }
    #expect(promos.map { $0["id"] as? String } == ["spring", "app"])
    #expect(promos.map { $0["height"] as? Double } == [80, 80])
    #expect(rendered.stdout.contains(#""action": "open-promo:spring""#))

    let generated = try cli.run(
      ["seed", "--db", database, "--generate", "3", "--kind", "promo"], executable: CLIHarness.promoBinary)
    #expect(generated.stdout == "generated 3 promos\n")
    let after = try cli.run(["list", "--db", database, "--format", "json"], executable: CLIHarness.promoBinary)
    #expect(after.stdout.components(separatedBy: #""kind": "promo""#).count - 1 == 5)
  }

  @Test(arguments: Backend.available)
  func theCoreBinaryKnowsNoPromoAndRefusesAPromoDatabase(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    #expect(try cli.run(["seed", "--db", database], executable: CLIHarness.promoBinary).code == 0)
    let plain = try cli.run(["list", "--db", database])
    #expect(plain.code == 74)
    #expect(plain.stderr.contains("9001_promo_create"))
    let usage = try cli.run(["seed", "--db", cli.path("plain.sqlite"), "--generate", "1", "--kind", "promo"])
    #expect(usage.code == 64)
    #expect(
      usage.stderr.hasPrefix(#"stackfeed: --kind: unknown row kind "promo" (kinds: header, feed_item, product, order)"#)
    )
  }
}
