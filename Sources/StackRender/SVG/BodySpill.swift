import Foundation

/// Holds finished parts of a document body outside memory until the document's header can be written:
/// in an anonymous temporary file (`tmpfile(3)`: removed by the system when closed or when the process ends),
/// or in memory when no such file can be made. Each part is a whole string, so it reads back as valid UTF-8.
final class BodySpill {
  private var file: UnsafeMutablePointer<FILE>?
  private var lengths: [Int] = []
  private var inMemory: [String] = []
  private var triedFile = false

  deinit {
    if let file { fclose(file) }
  }

  /// Keeps `part` (appended after the parts kept before it).
  func keep(_ part: String) {
    if !triedFile {
      triedFile = true
      file = tmpfile()
    }
    var text = part
    let written = text.withUTF8 { bytes in file.map { fwrite(bytes.baseAddress, 1, bytes.count, $0) } }
    if let written, written == text.utf8.count {
      lengths.append(written)
    } else {
      inMemory.append(part)
    }
  }

  /// Writes every kept part to `output`, in order (file parts first: memory is only used once the file failed).
  func replay(to output: inout some TextOutputStream) {
    if let file {
      rewind(file)
      for length in lengths {
        var buffer = [UInt8](repeating: 0, count: length)
        let read = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, length, file) }
        output.write(String(decoding: buffer.prefix(read), as: UTF8.self))
      }
    }
    for part in inMemory { output.write(part) }
  }
}
