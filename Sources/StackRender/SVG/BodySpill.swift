/// Holds finished parts of a document body outside memory until the document's header can be written: in a
/// ``SpillStorage`` (by default an anonymous temporary file), or in memory once the storage cannot be made or
/// a write to it fails. Each part is a whole string, so it reads back as valid UTF-8.
///
/// The storage is trusted only for the bytes of writes that completed: a failed (or short) write leaves
/// bytes there that are never read back, and that part and every later one stay in memory. So the stored
/// parts always come first and ``replay(to:)`` writes every part once, in the order it was kept.
final class BodySpill {
  private let makeStorage: () -> (any SpillStorage)?
  private var storage: (any SpillStorage)?
  private var triedStorage = false
  private var storageTakesWrites = true
  private var storedLengths: [Int] = []
  private var inMemory: [String] = []

  /// A spill into `makeStorage()`, called on the first part (nil: parts stay in memory).
  init(storage makeStorage: @escaping () -> (any SpillStorage)? = { try? SpillFile() }) {
    self.makeStorage = makeStorage
  }

  /// Keeps `part` (appended after the parts kept before it).
  func keep(_ part: String) {
    if !triedStorage {
      triedStorage = true
      storage = makeStorage()
    }
    if storageTakesWrites, let storage {
      do {
        try storage.append(part)
        storedLengths.append(part.utf8.count)
        return
      } catch {
        storageTakesWrites = false
      }
    }
    inMemory.append(part)
  }

  /// Writes every kept part to `output`, in order. Throws when the storage cannot give back a part it accepted
  /// (an I/O error of the temporary file): the document would silently miss a part otherwise.
  func replay(to output: inout some TextOutputStream) throws(RenderError) {
    if let storage {
      var offset = 0
      for length in storedLengths {
        do {
          output.write(try storage.read(at: offset, count: length))
        } catch {
          throw RenderError("cannot read back the drawn SVG body from its temporary file: \(error)")
        }
        offset += length
      }
    }
    for part in inMemory { output.write(part) }
  }
}
