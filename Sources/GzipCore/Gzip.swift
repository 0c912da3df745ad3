import CDeflate

/// gzip (RFC 1952) over whole buffers, with libdeflate loaded at run time (CDeflate). A machine without the
/// library (Debian libdeflate0) builds and runs everything: ``isAvailable`` is false there, ``compress(_:level:)``
/// answers `nil`, and the HTTP API sends its answers uncompressed.
///
///     if let gzipped = Gzip.compress(body) { … "Content-Encoding: gzip" … }
public enum Gzip {
  /// The compression level of the HTTP answers: libdeflate's 1, its fastest (nginx's `gzip_comp_level` default):
  /// half the instructions of level 6 for about 3 % more bytes on a feed page and 65 % more on a render page, still
  /// a fourteenth of it (docs/BENCHMARKS.md, "Compression": chosen by measurement).
  public static let defaultLevel = 1

  /// Whether libdeflate is loaded (the first call loads it).
  public static var isAvailable: Bool {
    stackfeed_gzip_load() != 0
  }

  /// Why libdeflate could not be loaded, one sentence naming the package to install; `nil` when it is loaded.
  public static var unavailableReason: String? {
    guard stackfeed_gzip_load() == 0, let reason = stackfeed_gzip_load_error() else { return nil }
    return String(cString: reason)
  }

  /// `bytes` as one gzip member at `level` (0-12), or `nil` without the library.
  public static func compress(_ bytes: [UInt8], level: Int = defaultLevel) -> [UInt8]? {
    let bound = stackfeed_gzip_bound(bytes.count)
    guard bound > 0 else { return nil }
    var written = 0
    let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
      written = bytes.withUnsafeBytes { input in
        stackfeed_gzip_compress(Int32(level), input.baseAddress, input.count, buffer.baseAddress, buffer.count)
      }
      count = written
    }
    return written > 0 ? output : nil
  }

  /// The bytes of the gzip data `gzipped` (one member) when it holds at most `limit` bytes; `nil` when it is
  /// not valid gzip, holds more, or the library is missing.
  public static func decompress(_ gzipped: [UInt8], limit: Int) -> [UInt8]? {
    var result: Int32 = 3
    let output = [UInt8](unsafeUninitializedCapacity: max(limit, 1)) { buffer, count in
      var written = 0
      result = gzipped.withUnsafeBytes { input in
        stackfeed_gzip_decompress(input.baseAddress, input.count, buffer.baseAddress, limit, &written)
      }
      count = result == 0 ? written : 0
    }
    return result == 0 ? output : nil
  }
}
