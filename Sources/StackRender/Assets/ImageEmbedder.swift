/// Looks images up once per document: each name is read from the folder and encoded as a
/// `data:` URI at most once, and a name with no file is remembered as missing.
struct ImageEmbedder {
  /// Where images are looked up; nil finds nothing.
  let assets: ImageAssets?
  private var cache: [String: String?] = [:]

  /// An embedder over `assets`.
  init(assets: ImageAssets?) {
    self.assets = assets
  }

  /// The `data:` URI of the file for `name`; nil when there is no folder, no such file, or the
  /// name is refused.
  mutating func dataURI(named name: String) -> String? {
    guard let assets else { return nil }
    if let known = cache[name] { return known }
    let found = assets.image(named: name)?.dataURI
    cache[name] = found
    return found
  }
}
