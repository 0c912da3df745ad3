-- The users a feed is composed for (core accounts, owned by no row kind); the user `default` is the one anonymous
-- requests and `list` without `--user` see. The old `profile` row moves here in 0008_header_users.
-- PostgreSQL twin of ../0004_account_users.sql: ids compare byte by byte (COLLATE "C", as SQLite's BINARY).
CREATE TABLE users (
  id TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (id <> ''),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL
);
