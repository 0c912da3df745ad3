import PostgresCore
import Testing

/// Error messages are one line, whatever libpq sends: they end up in log lines, CLI errors and JSON details.
struct ErrorMessageTests {
  @Test(arguments: [
    ("one line", "one line"),
    ("trailing newline\n", "trailing newline"),
    (
      "connection to server at \"db\" (10.0.0.1), port 5432 failed: Connection refused\n"
        + "\tIs the server running on that host and accepting TCP/IP connections?\n"
        + "connection to server at \"db\" (10.0.0.2), port 5432 failed: timeout expired\n",
      "connection to server at \"db\" (10.0.0.1), port 5432 failed: Connection refused; "
        + "Is the server running on that host and accepting TCP/IP connections?; "
        + "connection to server at \"db\" (10.0.0.2), port 5432 failed: timeout expired"
    ),
    ("a\r\n\r\n  b  \n", "a; b"),
  ])
  func libpqsLinesAreJoined(raw: String, expected: String) {
    let error = PostgresError(kind: .connectionFailed, message: raw, endpoint: "host db port 5432 database feed")
    #expect(error.message == expected)
    #expect(error.description == "cannot connect to PostgreSQL at host db port 5432 database feed: \(expected)")
  }
}
