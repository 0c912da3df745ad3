extension ZoneInfo {
  /// Parses the contents of a TZif file (versions 1 to 4, RFC 8536); nil when they are not one.
  ///
  /// Version 2+ files are read from their 64-bit block and footer; a version 1 file from its 32-bit block.
  init?(identifier: String, tzif bytes: [UInt8]) {
    var reader = TZifReader(bytes: bytes)
    guard let first = reader.header() else { return nil }
    var header = first
    var timeSize = 4
    if first.version >= 2 {
      guard reader.skip(first.dataLength(timeSize: 4)), let second = reader.header() else { return nil }
      header = second
      timeSize = 8
    }
    var transitions: [Int64] = []
    transitions.reserveCapacity(header.timeCount)
    for _ in 0..<header.timeCount {
      guard let time = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init) else { return nil }
      transitions.append(time)
    }
    var typeIndices: [Int] = []
    for _ in 0..<header.timeCount {
      guard let index = reader.byte() else { return nil }
      typeIndices.append(Int(index))
    }
    var typeOffsets: [Int32] = []
    for _ in 0..<header.typeCount {
      guard let offset = reader.int32(), reader.skip(2) else { return nil }  // utoff, then isdst and desigidx
      typeOffsets.append(offset)
    }
    guard !typeOffsets.isEmpty, typeIndices.allSatisfy({ $0 < typeOffsets.count }),
      zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 })
    else { return nil }
    var rule: PosixZoneRule?
    if header.version >= 2 {
      let rest = header.charCount + header.leapCount * (timeSize + 4) + header.isStdCount + header.isUTCCount
      guard reader.skip(rest), let footer = reader.footer() else { return nil }
      if !footer.isEmpty {
        guard let parsed = PosixZoneRule(footer) else { return nil }
        rule = parsed
      }
    }
    self.init(
      identifier: identifier, transitions: transitions, offsets: typeIndices.map { typeOffsets[$0] },
      initialOffset: typeOffsets[0], rule: rule)
  }
}

/// The counts of a TZif header.
private struct TZifHeader {
  var version: Int
  var isUTCCount: Int
  var isStdCount: Int
  var leapCount: Int
  var timeCount: Int
  var typeCount: Int
  var charCount: Int

  /// The length of the data block after this header.
  func dataLength(timeSize: Int) -> Int {
    timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4) + isStdCount
      + isUTCCount
  }
}

/// Big-endian reads through a TZif file, each nil past the end.
private struct TZifReader {
  let bytes: [UInt8]
  var offset = 0

  mutating func skip(_ count: Int) -> Bool {
    guard count >= 0, offset + count <= bytes.count else { return false }
    offset += count
    return true
  }

  mutating func byte() -> UInt8? {
    guard offset < bytes.count else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func uint32() -> UInt32? {
    guard offset + 4 <= bytes.count else { return nil }
    defer { offset += 4 }
    return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  mutating func int32() -> Int32? {
    uint32().map { Int32(bitPattern: $0) }
  }

  mutating func int64() -> Int64? {
    guard let high = uint32(), let low = uint32() else { return nil }
    return Int64(bitPattern: UInt64(high) << 32 | UInt64(low))
  }

  /// `TZif`, the version, 15 reserved bytes and six counts.
  mutating func header() -> TZifHeader? {
    guard offset + 44 <= bytes.count, Array(bytes[offset..<offset + 4]) == Array("TZif".utf8) else { return nil }
    let versionByte = bytes[offset + 4]
    guard skip(20) else { return nil }
    var counts: [Int] = []
    for _ in 0..<6 {
      guard let count = uint32(), count <= 1 << 20 else { return nil }
      counts.append(Int(count))
    }
    let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
    guard (1...9).contains(version) else { return nil }
    return TZifHeader(
      version: version, isUTCCount: counts[0], isStdCount: counts[1], leapCount: counts[2], timeCount: counts[3],
      typeCount: counts[4], charCount: counts[5])
  }

  /// The footer: `\n<TZ string>\n`.
  mutating func footer() -> String? {
    guard byte() == UInt8(ascii: "\n"), let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else {
      return nil
    }
    defer { offset = end + 1 }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }
}
