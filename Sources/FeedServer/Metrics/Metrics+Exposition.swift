extension Metrics {
  /// The metrics in the Prometheus text exposition format 0.0.4 (``MediaType/prometheus``): each family with
  /// its `# HELP` and `# TYPE` lines, the routes that answered at least once, and `stackfeed_build_info` with
  /// `version` and the Swift compiler's version. docs/HTTP.md, "Metrics", lists every family.
  public func exposition(version: String) -> String {
    let readings = meters.map { (route: Self.escaped($0.route), reading: $0.read()) }.filter { $0.reading.count > 0 }
    let totals = totals()
    var text = ""
    func family(_ name: String, _ type: String, _ help: String) {
      text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }
    family("stackfeed_http_requests_total", "counter", "HTTP requests answered, by route pattern and status code.")
    for (route, reading) in readings {
      for (status, count) in reading.statuses {
        text += "stackfeed_http_requests_total{route=\"\(route)\",code=\"\(status)\"} \(count)\n"
      }
    }
    family(
      "stackfeed_http_request_duration_seconds", "histogram",
      "Seconds the API took to make an answer (from the request to its answer), by route pattern.")
    for (route, reading) in readings {
      let name = "stackfeed_http_request_duration_seconds"
      for (bound, count) in zip(LatencyBuckets.labels + ["+Inf"], reading.cumulative) {
        text += "\(name)_bucket{route=\"\(route)\",le=\"\(bound)\"} \(count)\n"
      }
      text += "\(name)_sum{route=\"\(route)\"} \(reading.seconds)\n"
      text += "\(name)_count{route=\"\(route)\"} \(reading.count)\n"
    }
    family(
      "stackfeed_http_response_body_bytes_total", "counter",
      "Body bytes of the answers as sent (after gzip; none for HEAD and 304), by route pattern.")
    for (route, reading) in readings {
      text += "stackfeed_http_response_body_bytes_total{route=\"\(route)\"} \(reading.bytes)\n"
    }
    family("stackfeed_answer_memo_hits_total", "counter", "Answers taken from the answer memo.")
    text += "stackfeed_answer_memo_hits_total \(totals.memoHits)\n"
    family(
      "stackfeed_answer_memo_misses_total", "counter",
      "Answers of the remembered routes that the answer memo did not have, made afresh.")
    text += "stackfeed_answer_memo_misses_total \(totals.memoMisses)\n"
    family(
      "stackfeed_database_errors_total", "counter",
      "Database errors: the store unavailable (503) or a statement that failed (500).")
    text += "stackfeed_database_errors_total{kind=\"unavailable\"} \(totals.unavailable)\n"
    text += "stackfeed_database_errors_total{kind=\"statement\"} \(totals.failed)\n"
    if let connections = totals.connections {
      family("stackfeed_http_connections", "gauge", "HTTP connections open now.")
      text += "stackfeed_http_connections \(connections)\n"
    }
    family("stackfeed_build_info", "gauge", "The build serving: its version and the Swift compiler's.")
    text += "stackfeed_build_info{version=\"\(Self.escaped(version))\",swift=\"\(Self.swiftVersion)\"} 1\n"
    return text
  }

  /// `value` as a label value: backslash, double quote and line feed escaped.
  static func escaped(_ value: String) -> String {
    guard value.contains(where: { $0 == "\\" || $0 == "\"" || $0 == "\n" }) else { return value }
    var escaped = ""
    for character in value {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// The version of the Swift compiler that built this code, major and minor (`#if compiler` tells no more).
  static let swiftVersion: String = {
    #if compiler(>=6.5)
      return "6.5 or later"
    #elseif compiler(>=6.4)
      return "6.4"
    #elseif compiler(>=6.3)
      return "6.3"
    #else
      return "6.2 or earlier"
    #endif
  }()
}
