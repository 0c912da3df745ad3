import SQLCore

/// The `images` table (migration `0010_account_images`): the stored images, their bytes in the database on both
/// backends. Seeding, `PUT`/`GET`/`DELETE /v1/images/{name}` and whatever links an image (a renderer's image
/// nodes) read and write images through this one type; it checks nothing about the bytes (the server and the
/// seeder check them first: ImageCore's `ImageUpload`).
///
///     let images = Images(db)
///     let created = try images.put(name: "tshirt", info: info, bytes: jpeg)   // true: new; false: replaced
///     try images.info(named: "tshirt")?.placeholder                            // "#c8bfb4"
public struct Images {
  private enum SQL {
    static let columns = "name, version, media_type, width, height, placeholder"
    static let info = "SELECT \(columns) FROM images WHERE name = $1"
    static let bytes = "SELECT \(columns), bytes FROM images WHERE name = $1"
    static let page = "SELECT \(columns) FROM images WHERE name > $1 ORDER BY name LIMIT $2"
    static let exists = "SELECT 1 FROM images WHERE name = $1"
    /// The infos of `count` distinct names ($1…): a look-up by name each, joined by `UNION ALL`. Not
    /// `name IN ($1, $2, …)`: for two names or more SQLite 3.40 builds a temporary table of the list on every run
    /// (callgrind: 40,800 instructions a run for three names against 11,800; an order's card, 24,000 fewer).
    /// One text per count, so each is prepared once and cached.
    static func infos(count: Int) -> String {
      (1...count).map { "SELECT \(columns) FROM images WHERE name = $\($0)" }.joined(separator: " UNION ALL ")
    }
    static let upsert = """
      INSERT INTO images (name, version, media_type, width, height, placeholder, bytes)
      VALUES ($1, $2, $3, $4, $5, $6, $7)
      ON CONFLICT (name) DO UPDATE SET version = excluded.version, media_type = excluded.media_type,
        width = excluded.width, height = excluded.height, placeholder = excluded.placeholder, bytes = excluded.bytes
      """
    static let delete = "DELETE FROM images WHERE name = $1"
    static let deleteAll = "DELETE FROM images"
  }

  private let db: StoreConnection

  /// The images of `db`.
  public init(_ db: StoreConnection) {
    self.db = db
  }

  /// The info of the image named `name`, or `nil` when there is none.
  public func info(named name: String) throws -> ImageInfo? {
    try db.queryOne(SQL.info, [.text(name)], Self.info(of:))
  }

  /// The info of each of `names` that is stored, by name (the names no image has are left out), in one query:
  /// what a renderer asks once for a page's image nodes.
  public func infos(named names: some Sequence<String>) throws -> [String: ImageInfo] {
    let distinct = Array(Set(names))
    guard !distinct.isEmpty else { return [:] }
    var found: [String: ImageInfo] = [:]
    try db.query(SQL.infos(count: distinct.count), distinct.map { .text($0) }) { row in
      let info = try Self.info(of: row)
      found[info.name] = info
    }
    return found
  }

  /// The image named `name` with its bytes, or `nil` when there is none.
  public func image(named name: String) throws -> (info: ImageInfo, bytes: [UInt8])? {
    try db.queryOne(SQL.bytes, [.text(name)]) { row in
      guard case .blob(let bytes) = row.value(at: 6) else {
        throw NotBytes(name: name, storageClass: row.value(at: 6).storageClass)
      }
      return (try Self.info(of: row), bytes)
    }
  }

  /// Up to `limit` images whose names sort after `after` (from the first when `nil`), by name.
  public func list(after: String?, limit: Int) throws -> [ImageInfo] {
    try db.queryAll(SQL.page, [.text(after ?? ""), .integer(Int64(limit))], Self.info(of:))
  }

  /// Stores `bytes` as the image `info.name` with `info`, replacing the image of that name: `true` when it is new.
  public func put(_ info: ImageInfo, bytes: [UInt8]) throws -> Bool {
    let existed = try db.queryOne(SQL.exists, [.text(info.name)]) { _ in true } ?? false
    try db.execute(
      SQL.upsert,
      [
        .text(info.name), .text(info.version), .text(info.mediaType), .integer(Int64(info.width)),
        .integer(Int64(info.height)), .text(info.placeholder), .blob(bytes),
      ])
    return !existed
  }

  /// Deletes the image named `name`: `true` when there was one.
  public func delete(named name: String) throws -> Bool {
    let existed = try db.queryOne(SQL.exists, [.text(name)]) { _ in true } ?? false
    if existed { try db.execute(SQL.delete, [.text(name)]) }
    return existed
  }

  /// Deletes every image (`seed --reset`).
  public func deleteAll() throws {
    try db.execute(SQL.deleteAll)
  }

  /// A stored image's bytes are not a BLOB (a database changed by hand: the migration makes them one).
  public struct NotBytes: Error, CustomStringConvertible {
    /// The image's name.
    public let name: String
    /// The storage class found instead.
    public let storageClass: String

    /// `images.bytes of NAME is CLASS, not BLOB`.
    public var description: String { "images.bytes of \(name) is \(storageClass), not BLOB" }
  }

  private static func info(of row: StoreRow) throws -> ImageInfo {
    ImageInfo(
      name: try row.string(at: 0), version: try row.string(at: 1), mediaType: try row.string(at: 2),
      width: try row.int(at: 3), height: try row.int(at: 4), placeholder: try row.string(at: 5))
  }
}
