import Foundation
import StackfeedTestSupport
import Testing

/// `Process.runUnblocked()`, how every test starts a child: the child starts with no signal blocked even when
/// the test's thread has SIGINT and SIGTERM blocked (as a thread `serve` or `watch` ran on in process has).
@Suite struct UnblockedChildTests {
  /// The `SigBlk` mask of a child started by `start` from a thread that blocks SIGINT and SIGTERM.
  static func blockedMask(_ start: (Process) throws -> Void) throws -> String {
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    var before = sigset_t()
    pthread_sigmask(SIG_BLOCK, &stopSignals, &before)
    defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
    let process = Process()
    // bash keeps the mask it starts with, and reads its own status with a builtin (no other process).
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "-c", #"while read -r name value; do [ "$name" = SigBlk: ] && echo "$value"; done < /proc/self/status"#,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try start(process)
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }

  @Test func aChildStartsWithNoSignalBlocked() throws {
    #expect(try Self.blockedMask { try $0.runUnblocked() } == "0000000000000000\n")
    // Without it the child inherits the thread's mask: SIGINT (2) and SIGTERM (15) are bits 1 and 14.
    let inherited = UInt64(try Self.blockedMask { try $0.run() }.dropLast(), radix: 16) ?? 0
    #expect(inherited & 0x4002 == 0x4002)
  }
}
