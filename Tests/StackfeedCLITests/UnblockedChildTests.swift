import Foundation
import StackfeedTestSupport
import Testing

/// `Process.runUnblocked()`, how every test starts a child: the child starts with no signal blocked even when
/// the test's thread has SIGINT and SIGTERM blocked (as a thread `serve` or `watch` ran on in process has).
@Suite struct UnblockedChildTests {
  /// The `SigBlk` mask of a `grep` started by `start` from a thread that blocks SIGINT and SIGTERM.
  static func blockedMask(_ start: (Process) throws -> Void) throws -> String {
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    var before = sigset_t()
    pthread_sigmask(SIG_BLOCK, &stopSignals, &before)
    defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["grep", "^SigBlk:", "/proc/self/status"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try start(process)
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self).split(separator: "\t").last.map(String.init) ?? ""
  }

  @Test func aChildStartsWithNoSignalBlocked() throws {
    #expect(try Self.blockedMask { try $0.runUnblocked() } == "0000000000000000\n")
    // Without it the child inherits the thread's mask: SIGINT (2) and SIGTERM (15) are bits 1 and 14.
    let inherited = UInt64(try Self.blockedMask { try $0.run() }.dropLast(), radix: 16) ?? 0
    #expect(inherited & 0x4002 == 0x4002)
  }
}
