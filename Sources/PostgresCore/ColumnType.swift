/// What a result column's PostgreSQL type becomes in `SQLValue`'s storage classes, by the type's OID
/// (`pg_type.oid`; the built-in OIDs are fixed, <https://www.postgresql.org/docs/current/datatype-oid.html>).
enum ColumnType: Equatable {
  /// `smallint`, `integer`, `bigint`, `oid`, and `boolean` (as 1 or 0, as SQLite stores flags).
  case integer
  /// `real`, `double precision`.
  case real
  /// `numeric`: an integer when the value has no fraction, else a double.
  case numeric
  /// `bytea`.
  case blob
  /// `boolean`, read as the integer 1 or 0.
  case boolean
  /// Every other type, read as its text form (`text`, `varchar`, `timestamptz`, `uuid`, `json`…).
  case text

  init(oid: UInt32) {
    switch oid {
    case 20, 21, 23, 26: self = .integer
    case 16: self = .boolean
    case 700, 701: self = .real
    case 1700: self = .numeric
    case 17: self = .blob
    default: self = .text
    }
  }

  /// PostgreSQL's name of the type with `oid`, for messages (`bigint`, `text`…), or `type OID n`.
  static func name(of oid: UInt32) -> String {
    switch oid {
    case 16: return "boolean"
    case 17: return "bytea"
    case 19: return "name"
    case 20: return "bigint"
    case 21: return "smallint"
    case 23: return "integer"
    case 25: return "text"
    case 26: return "oid"
    case 114: return "json"
    case 700: return "real"
    case 701: return "double precision"
    case 705: return "unknown"
    case 1042: return "character"
    case 1043: return "character varying"
    case 1082: return "date"
    case 1114: return "timestamp"
    case 1184: return "timestamp with time zone"
    case 1700: return "numeric"
    case 2950: return "uuid"
    case 3802: return "jsonb"
    default: return "type OID \(oid)"
    }
  }
}
