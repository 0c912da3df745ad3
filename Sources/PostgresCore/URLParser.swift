/// Parses the part of a PostgreSQL URL after the scheme:
/// `[user[:password]@][host][:port][,host[:port]…][/dbname][?keyword=value&…]`, percent-decoding each part,
/// into libpq keywords. Errors name the host and the part that is wrong, never a value that may be the password.
struct URLParser {
  private let text: Substring
  private var host = ""

  init(_ text: Substring) {
    self.text = text
  }

  mutating func parse() throws(PostgresError) -> [ConnectionTarget.Parameter] {
    var rest = text
    var query: Substring = ""
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var path: Substring?
    // The authority ends at the first "/" after the last "@" (a password may hold "/" only percent-encoded).
    let authorityStart = rest.lastIndex(of: "@").map { rest.index(after: $0) } ?? rest.startIndex
    if let slash = rest[authorityStart...].firstIndex(of: "/") {
      path = rest[rest.index(after: slash)...]
      rest = rest[..<slash]
    }
    var parameters: [ConnectionTarget.Parameter] = []
    let hostList = rest[authorityStart...]
    host = URLParser.hostNames(hostList)
    if authorityStart > rest.startIndex {
      let userInfo = rest[..<rest.index(before: authorityStart)]
      let colon = userInfo.firstIndex(of: ":")
      let user = try decode(userInfo[..<(colon ?? userInfo.endIndex)], part: "the user name")
      if !user.isEmpty { parameters.append(.init(keyword: "user", value: user)) }
      if let colon {
        let password = try decode(userInfo[userInfo.index(after: colon)...], part: "the password")
        parameters.append(.init(keyword: "password", value: password))
      }
    }
    parameters += try hostsAndPorts(hostList)
    if let path, !path.isEmpty {
      parameters.append(.init(keyword: "dbname", value: try decode(path, part: "the database name")))
    }
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      guard let equals = pair.firstIndex(of: "=") else {
        throw failure("a query parameter has no value (keyword=value)")
      }
      let keyword = try decode(pair[..<equals], part: "a query parameter's name")
      let value = try decode(pair[pair.index(after: equals)...], part: "the value of \"\(keyword)\"")
      parameters.append(.init(keyword: keyword, value: value))
    }
    return parameters
  }

  /// The host names of `list` (`host[:port],…`) without their ports, raw, for messages: what a reader can
  /// recognise, and never the text after a colon (in `user:secret/db`, where "@" is missing, that is a password).
  private static func hostNames(_ list: Substring) -> String {
    list.split(separator: ",").map { entry in
      if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") { return String(entry[...close]) }
      return String(entry.prefix { $0 != ":" })
    }.joined(separator: ",")
  }

  /// `host[:port],host[:port]…` (a host may be an IPv6 address in brackets) as libpq's comma lists.
  private func hostsAndPorts(_ list: Substring) throws(PostgresError) -> [ConnectionTarget.Parameter] {
    guard !list.isEmpty else { return [] }
    var hosts: [String] = []
    var ports: [String] = []
    for entry in list.split(separator: ",", omittingEmptySubsequences: false) {
      var name = entry
      var port: Substring = ""
      if entry.hasPrefix("[") {
        guard let close = entry.firstIndex(of: "]") else { throw failure("an IPv6 address lacks its closing \"]\"") }
        name = entry[entry.index(after: entry.startIndex)..<close]
        let after = entry[entry.index(after: close)...]
        if !after.isEmpty {
          guard after.hasPrefix(":") else { throw failure("unexpected text after the IPv6 address") }
          port = after.dropFirst()
        }
      } else if let colon = entry.firstIndex(of: ":") {
        name = entry[..<colon]
        port = entry[entry.index(after: colon)...]
      }
      if !port.isEmpty, !(port.allSatisfy(\.isASCII) && (Int(port).map { (1...65535).contains($0) } ?? false)) {
        throw failure("the port must be a number from 1 to 65535")
      }
      hosts.append(try decode(name, part: "the host name"))
      ports.append(String(port))
    }
    var parameters: [ConnectionTarget.Parameter] = []
    if hosts.contains(where: { !$0.isEmpty }) {
      parameters.append(.init(keyword: "host", value: hosts.joined(separator: ",")))
    }
    if ports.contains(where: { !$0.isEmpty }) {
      parameters.append(.init(keyword: "port", value: ports.joined(separator: ",")))
    }
    return parameters
  }

  /// Percent-decodes `part` (`%2F` is `/`); the result must be UTF-8.
  private func decode(_ part: Substring, part name: String) throws(PostgresError) -> String {
    var bytes: [UInt8] = []
    var iterator = part.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(TextFormat.hexValue),
        let low = iterator.next().flatMap(TextFormat.hexValue)
      else {
        throw failure("\(name) has a bad percent-escape (% must be followed by two hex digits)")
      }
      bytes.append(high << 4 | low)
    }
    guard let text = String(validating: bytes, as: UTF8.self), !text.utf8.contains(0) else {
      throw failure("\(name) is not UTF-8 text without NUL")
    }
    return text
  }

  private func failure(_ reason: String) -> PostgresError {
    let target = host.isEmpty ? "" : " for host \(host)"
    return PostgresError(kind: .badConnectionString, message: "bad PostgreSQL URL\(target): \(reason)")
  }
}
