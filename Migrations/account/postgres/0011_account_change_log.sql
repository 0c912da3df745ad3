-- The change log (docs/HTTP.md, "Live changes"): one row per change of what a feed shows, written in the write
-- transaction that made it (`ChangeLog.record`): its version (the store's change counter `store_changes.n` taken
-- for it under the counter's write turn, so versions are commit-ordered), the row's kind and id, the operation,
-- who may see it (`audience`: NULL for everyone, else the one user id) and when (milliseconds since 1970). A
-- `reload` (a seed: anything may have changed) names no row. `change_log_horizon` holds the newest version the
-- log no longer answers for: the counter when this migration ran (earlier writes were never logged), then the
-- newest version pruned; a reader asking from before it is told to reload.
-- PostgreSQL twin of ../0011_account_change_log.sql: texts compare byte by byte (COLLATE "C"), integers BIGINT.
-- A version is taken by `UPDATE store_changes … RETURNING n`, whose row lock is held until the commit: a writer
-- that took version V commits before any writer can take V + 1, so a snapshot that sees V + 1 sees V.
CREATE TABLE change_log (
  version BIGINT PRIMARY KEY,
  op TEXT COLLATE "C" NOT NULL CHECK (op IN ('insert', 'update', 'delete', 'reload')),
  kind TEXT COLLATE "C",
  id TEXT COLLATE "C",
  audience TEXT COLLATE "C",
  at BIGINT NOT NULL,
  CHECK ((op = 'reload') = (kind IS NULL) AND (kind IS NULL) = (id IS NULL))
);

CREATE TABLE change_log_horizon (version BIGINT NOT NULL);

INSERT INTO change_log_horizon (version) SELECT n FROM store_changes;
