import HTTPServer
import Testing

/// The connection limit that fits a file descriptor limit (`ulimit -n`): limit in, connection limit out.
@Suite("HTTPServer: connections fitted to the file descriptor limit")
struct DescriptorLimitTests {
  @Test(
    "the wanted limit when it fits, else what fits, else 0",
    arguments: [
      // (soft limit, wanted, reserved) -> connections
      (20_000, 1024, 30, 1024),  // plenty
      (1054, 1024, 30, 1024),  // exactly enough
      (1053, 1024, 30, 1023),  // one short
      (1024, 1024, 30, 994),  // the usual soft limit: lowered
      (64, 1024, 22, 42),  // ulimit -n 64
      (23, 1024, 22, 1),  // one connection
      (22, 1024, 22, 0),  // not one: too low to serve
      (10, 1024, 22, 0),  // below what is reserved
      (Int.max, 1024, 30, 1024),  // unlimited
    ])
  func fits(limit: Int, wanted: Int, reserved: Int, expected: Int) {
    #expect(DescriptorLimit(current: limit, maximum: limit).connections(wanted: wanted, reserved: reserved) == expected)
  }

  @Test("the process's limit is read, and raised toward what is wanted only up to the hard limit")
  func readsTheProcessLimit() {
    let limit = DescriptorLimit.raised(toward: 0)
    #expect(limit.current > 0 && limit.current <= limit.maximum)
    #expect(DescriptorLimit.openNow() >= 3)  // standard input, output and error at least
  }
}
