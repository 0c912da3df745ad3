/// A table for people: a header line, then one line per row, columns left-aligned and two spaces apart (the last
/// column unpadded), widths by characters.
///
///     TextTable.render(header: ["ID", "TITLE"], rows: [["apex-hoodie", "Apex Hoodie"]])
///     // "ID           TITLE\napex-hoodie  Apex Hoodie\n"
enum TextTable {
  /// The table of `rows` under `header`, each line ending in a newline.
  static func render(header: [String], rows: [[String]]) -> String {
    let lines = [header] + rows
    let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
    return lines.map { line in
      line.enumerated().map { column, text in
        column == line.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.count + 2)
      }.joined()
    }.joined(separator: "\n") + "\n"
  }
}
