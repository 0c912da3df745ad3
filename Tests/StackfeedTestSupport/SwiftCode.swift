/// The code of a Swift source without its comments and string literals, for checks that look for names in
/// code (`UnsafeCodeTests`): a name in a comment or a string is text, not code.
public enum SwiftCode {
  /// The identifiers of `source`'s code with their 1-based line numbers, in order, and whether each is a bare
  /// call (`free(p)`, not `Self.free(p)`, `func free(` nor `free`). Comments (`//`, nested `/* */`) and string literals (`"…"`,
  /// `"""…"""`, raw `#"…"#`) are skipped, interpolations included.
  public static func identifiers(in source: String) -> [(name: String, line: Int, isBareCall: Bool)] {
    let characters = Array(source.unicodeScalars)
    var found: [(name: String, line: Int, isBareCall: Bool)] = []
    var line = 1
    var index = 0
    func at(_ offset: Int) -> Unicode.Scalar? {
      index + offset < characters.count ? characters[index + offset] : nil
    }
    func isIdentifier(_ scalar: Unicode.Scalar?) -> Bool {
      guard let scalar else { return false }
      return scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
    while index < characters.count {
      let scalar = characters[index]
      if scalar == "\n" {
        line += 1
        index += 1
      } else if scalar == "/" && at(1) == "/" {
        while index < characters.count && characters[index] != "\n" { index += 1 }
      } else if scalar == "/" && at(1) == "*" {
        var depth = 0
        repeat {
          if characters[index] == "/" && at(1) == "*" {
            depth += 1
            index += 2
          } else if characters[index] == "*" && at(1) == "/" {
            depth -= 1
            index += 2
          } else {
            if characters[index] == "\n" { line += 1 }
            index += 1
          }
        } while depth > 0 && index < characters.count
      } else if scalar == "#" || scalar == "\"" {
        var hashes = 0
        while at(hashes) == "#" { hashes += 1 }
        guard at(hashes) == "\"" else {
          index += max(1, hashes)
          continue
        }
        index += hashes
        let multiline = at(1) == "\"" && at(2) == "\""
        let quotes = multiline ? 3 : 1
        index += quotes
        // The closing delimiter: `quotes` quotes and `hashes` hashes; a backslash escapes the next character
        // in a string without hashes.
        while index < characters.count {
          if hashes == 0 && characters[index] == "\\" {
            index += 2
            continue
          }
          if characters[index] == "\n" { line += 1 }
          if (0..<quotes).allSatisfy({ at($0) == "\"" }) && (0..<hashes).allSatisfy({ at(quotes + $0) == "#" }) {
            index += quotes + hashes
            break
          }
          index += 1
        }
      } else if isIdentifier(scalar) {
        let isMember = index > 0 && characters[index - 1] == "."
        var name = ""
        while isIdentifier(at(0)) {
          name.unicodeScalars.append(characters[index])
          index += 1
        }
        // Not a number such as `0xFF`.
        let isCall = !isMember && at(0) == "(" && found.last?.name != "func"
        if !("0"..."9").contains(scalar) { found.append((name, line, isCall)) }
      } else {
        index += 1
      }
    }
    return found
  }
}
