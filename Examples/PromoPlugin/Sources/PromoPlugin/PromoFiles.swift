import SQLCore

/// The files the promo kind ships, as Swift strings: compiled into whichever binary links the plugin, so a
/// release binary copied anywhere carries them, with no resource bundle to find at run time and no build step
/// (the core and the built-in kinds embed their folders of `Migrations/` and `Seeds/` with a C23 `#embed` target
/// each; an outside package may do either).
public enum PromoFiles {
  /// The seed file the kind reads.
  public static let seedFile = "promos.json"

  /// The kind's migrations, `NNNN_promo_<what>` (9000s: clear of the built-in kinds' numbers), one script per
  /// database engine: on PostgreSQL ids compare byte by byte (`COLLATE "C"`, as SQLite's) and integers are
  /// 64-bit (`BIGINT`, as SQLite's). Never edit one that has shipped; append a new one.
  public static let migrations = [
    Migration(
      name: "9001_promo_create",
      sqlite: """
        CREATE TABLE promo (
          id TEXT PRIMARY KEY NOT NULL,
          text TEXT NOT NULL,
          rank INTEGER NOT NULL UNIQUE
        ) STRICT;
        """,
      postgres: """
        CREATE TABLE promo (
          id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
          text TEXT NOT NULL,
          rank BIGINT NOT NULL UNIQUE
        );
        """),
    // The users a promo is shown to (none: everyone), by user id; a promo is per user through this table.
    Migration(
      name: "9002_promo_audience",
      sqlite: """
        CREATE TABLE promo_audience (
          promo_id TEXT NOT NULL REFERENCES promo (id) ON DELETE CASCADE,
          user_id TEXT NOT NULL,
          PRIMARY KEY (promo_id, user_id)
        ) STRICT, WITHOUT ROWID;
        """,
      postgres: """
        CREATE TABLE promo_audience (
          promo_id TEXT COLLATE "C" NOT NULL REFERENCES promo (id) ON DELETE CASCADE,
          user_id TEXT COLLATE "C" NOT NULL,
          PRIMARY KEY (promo_id, user_id)
        );
        """),
  ]

  /// The promos `stackfeed-promo seed` loads without `--from` (shown to everyone; `users` limits a promo to some
  /// users, as `Examples/PromoPlugin/Seeds/members/promos.json` does).
  public static let seeds = """
    [
      {"id": "spring", "text": "Spring sale: 20% off"},
      {"id": "app", "text": "Get the app"}
    ]
    """
}
