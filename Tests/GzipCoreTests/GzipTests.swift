import GzipCore
import StackfeedTestSupport
import Testing

/// gzip over libdeflate: what goes in comes out, in the gzip format other programs read.
@Suite(.requires(OptionalLibrary.deflate.isInstalled, OptionalLibrary.deflate.skipNote))
struct GzipTests {
  /// A JSON-like body of `count` bytes, repetitive as the API's pages are.
  static func body(_ count: Int) -> [UInt8] {
    var random = SplitMix64(seed: UInt64(count))
    var bytes: [UInt8] = []
    while bytes.count < count {
      bytes += Array(#"{"kind":"order","id":"\#(random.next() % 1000)","texts":{"title":"IT'S PLACED"}},"#.utf8)
    }
    return Array(bytes.prefix(count))
  }

  @Test("every level round-trips bodies of every size, in a gzip header", arguments: [0, 1, 6, 12])
  func roundTrip(level: Int) throws {
    #expect(Gzip.isAvailable)
    #expect(Gzip.unavailableReason == nil)
    for count in [0, 1, 100, 1023, 1024, 97_000, 300_000] {
      let body = Self.body(count)
      let gzipped = try #require(Gzip.compress(body, level: level))
      #expect(Array(gzipped.prefix(3)) == [0x1F, 0x8B, 8], "gzip magic and deflate method")
      #expect(Gzip.decompress(gzipped, limit: count) == body, "\(count) bytes at level \(level)")
      if count >= 1024, level > 0 { #expect(gzipped.count * 4 < count, "repetitive text compresses") }
    }
  }

  @Test("a level out of range, data that is not gzip and a short limit give nil")
  func refusals() {
    #expect(Gzip.compress([1, 2, 3], level: 13) == nil)
    #expect(Gzip.compress([1, 2, 3], level: -1) == nil)
    #expect(Gzip.decompress(Array("not gzip".utf8), limit: 100) == nil)
    let gzipped = Gzip.compress(Self.body(5000))
    #expect(gzipped.flatMap { Gzip.decompress($0, limit: 4999) } == nil)
    #expect(gzipped.flatMap { Gzip.decompress($0, limit: 5000) }?.count == 5000)
  }

  @Test("threads compress at once, each with its own compressor")
  func concurrent() async {
    let bodies = (0..<8).map { Self.body(20_000 + $0) }
    await withTaskGroup(of: Bool.self) { group in
      for body in bodies {
        group.addTask {
          (0..<20).allSatisfy { _ in Gzip.compress(body).flatMap { Gzip.decompress($0, limit: body.count) } == body }
        }
      }
      for await same in group { #expect(same) }
    }
  }
}

/// Without libdeflate (scripts/check-bare-machine.sh hides it): nothing is compressed, and the reason names the
/// package.
@Suite(.enabled(if: !OptionalLibrary.deflate.isInstalled, OptionalLibrary.deflate.installedNote))
struct GzipWithoutLibraryTests {
  @Test("without libdeflate0, compressing gives nil and the reason names the package")
  func withoutLibrary() {
    #expect(!Gzip.isAvailable)
    #expect(Gzip.compress(Array("text".utf8)) == nil)
    #expect(Gzip.unavailableReason?.contains("apt-get install libdeflate0") == true)
  }
}
