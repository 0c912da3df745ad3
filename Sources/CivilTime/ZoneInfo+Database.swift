extension ZoneInfo {
  /// The folder of the time zone database: `$TZDIR`, else `/usr/share/zoneinfo`.
  static func databaseFolder(environment: [String: String]) -> String {
    environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
  }

  /// The zone called `name` in the time zone database (`Europe/Paris`, `UTC`, `Etc/GMT-3`), or nil when the
  /// database has no such zone. `UTC` and `GMT` are known even without a database.
  ///
  /// `environment` is the process's: its `TZDIR` names another database folder.
  public static func named(_ name: String, environment: [String: String] = [:]) -> ZoneInfo? {
    let isPlainName =
      !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
      && !name.utf8.contains(0)
    if isPlainName, let bytes = ZoneFile.contents(of: databaseFolder(environment: environment) + "/" + name),
      let zone = ZoneInfo(identifier: name, tzif: bytes)
    {
      return zone
    }
    guard name == "UTC" || name == "GMT" else { return nil }
    return ZoneInfo(identifier: name, transitions: [], offsets: [], initialOffset: 0, rule: nil)
  }

  /// The system's zone: the file `/etc/localtime` (named after the database file it links to), else UTC.
  public static func system(localtime: String = "/etc/localtime") -> ZoneInfo {
    guard let bytes = ZoneFile.contents(of: localtime),
      let zone = ZoneInfo(identifier: systemName(localtime), tzif: bytes)
    else { return .utc }
    return zone
  }

  /// `Europe/Paris` when `/etc/localtime` links to `…/zoneinfo/Europe/Paris`, else `localtime`.
  private static func systemName(_ path: String) -> String {
    guard let target = ZoneFile.linkTarget(of: path) else { return "localtime" }
    let parts = target.split(separator: "/")
    guard let folder = parts.lastIndex(of: "zoneinfo"), folder + 1 < parts.count else { return "localtime" }
    // Not `joined(separator:)`: its generic code costs a short command 0.17 M instructions on first use.
    var name = String(parts[folder + 1])
    for part in parts[(folder + 2)...] { name += "/" + part }
    return name
  }
}
