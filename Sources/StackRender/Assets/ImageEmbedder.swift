/// Looks images up once per document: each name is read from the folder at most once, and a
/// name with no file is remembered as missing.
struct ImageEmbedder {
  /// Where images are looked up; nil finds nothing.
  let assets: ImageAssets?
  private var cache: [String: ImageAsset?] = [:]

  /// An embedder over `assets`.
  init(assets: ImageAssets?) {
    self.assets = assets
  }

  /// The file for `name`, or nil when there is no folder, no such file, or the name is refused.
  mutating func asset(named name: String) -> ImageAsset? {
    guard let assets else { return nil }
    if let known = cache[name] { return known }
    let found = assets.image(named: name)
    cache[name] = found
    return found
  }
}
