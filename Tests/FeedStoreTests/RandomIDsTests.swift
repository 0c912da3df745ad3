import Testing

@testable import FeedStore

/// The one generator of random ids: the outside formats of tokens' ids and secrets and of UUIDs, and no repeats.
@Suite struct RandomIDsTests {
  static let hexDigits = Set("0123456789abcdef")
  /// The positions of a UUID's text form that may hold any digit (not a dash, the version or the variant).
  static let freeDigitPositions = (0..<36).filter { ![8, 13, 14, 18, 19, 23].contains($0) }

  /// SplitMix64's reference outputs from the seed 0, and the texts Python's `uuid.UUID` and `%016x` make of them.
  @Test func idsAreWrittenFromTheirWords() {
    var words = RandomIDs(.seeded, seed: 0)
    #expect(
      (0..<4).map { _ in words.next() } == [
        0xe220_a839_7b1d_cdaf, 0x6e78_9e6a_a1b9_65f4, 0x06c4_5d18_8009_454f, 0xf88b_b8a8_724c_81ec,
      ])
    var ids = RandomIDs(.seeded, seed: 0)
    #expect(ids.uuid() == "e220a839-7b1d-4daf-ae78-9e6aa1b965f4")
    #expect(ids.uuid() == "06c45d18-8009-454f-b88b-b8a8724c81ec")
    var hex = RandomIDs(.seeded, seed: 0)
    #expect(hex.hex(prefix: "tok_", words: 1) == "tok_e220a8397b1dcdaf")
    #expect(hex.hex(prefix: "", words: 2) == "6e789e6aa1b965f406c45d188009454f")
  }

  @Test(arguments: [RandomIDs.Source.system, .seeded])
  func uuidsAreVersion4InLowercaseText(source: RandomIDs.Source) {
    var ids = RandomIDs(source)
    let made = (0..<1_000).map { _ in ids.uuid() }
    #expect(Set(made).count == made.count)
    for uuid in made {
      let groups = uuid.split(separator: "-", omittingEmptySubsequences: false)
      #expect(groups.map(\.count) == [8, 4, 4, 4, 12], "\(uuid)")
      #expect(groups.allSatisfy { $0.allSatisfy(Self.hexDigits.contains) }, "\(uuid)")
      #expect(groups[2].first == "4", "version 4: \(uuid)")
      #expect("89ab".contains(groups[3].first ?? "?"), "variant 10: \(uuid)")
    }
    // Every free digit takes all 16 values over a thousand ids (a fixed digit would be a formatting slip).
    for position in Self.freeDigitPositions {
      let digits = Set(made.map { Array($0)[position] })
      #expect(digits.count == 16, "position \(position): \(digits.sorted())")
    }
  }

  @Test(arguments: [("tok_", 1, 20), ("sft_", 4, 68), ("", 2, 32)])
  func hexIdsAreThePrefixAndSixteenDigitsAWord(prefix: String, words: Int, length: Int) {
    var ids = RandomIDs(.system)
    let made = (0..<200).map { _ in ids.hex(prefix: prefix, words: words) }
    #expect(Set(made).count == made.count)
    for id in made {
      #expect(id.count == length && id.hasPrefix(prefix), "\(id)")
      #expect(id.dropFirst(prefix.count).allSatisfy(Self.hexDigits.contains), "\(id)")
    }
  }

  @Test func twoSeededGeneratorsDoNotRepeatEachOther() {
    var first = RandomIDs(.seeded)
    var second = RandomIDs(.seeded)
    #expect(Set((0..<100).map { _ in first.next() }).isDisjoint(with: (0..<100).map { _ in second.next() }))
  }

  @Test func tokenSecretsHaveTheirForm() throws {
    let secret = TokenSecret.generate()
    #expect(TokenSecret(secret.text) != nil, "\(secret.text)")
    #expect(secret.text.count == 68 && secret.text.hasPrefix("sft_"))
  }
}
