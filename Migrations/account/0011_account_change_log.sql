-- The change log (docs/HTTP.md, "Live changes"): one row per change of what a feed shows, written in the write
-- transaction that made it (`ChangeLog.record`): its version (the store's change counter `store_changes.n` taken
-- for it under the counter's write turn, so versions are commit-ordered), the row's kind and id, the operation,
-- who may see it (`audience`: NULL for everyone, else the one user id) and when (milliseconds since 1970). A
-- `reload` (a seed: anything may have changed) names no row. `change_log_horizon` holds the newest version the
-- log no longer answers for: the counter when this migration ran (earlier writes were never logged), then the
-- newest version pruned; a reader asking from before it is told to reload.
CREATE TABLE change_log (
  version INTEGER PRIMARY KEY,
  op TEXT NOT NULL CHECK (op IN ('insert', 'update', 'delete', 'reload')),
  kind TEXT,
  id TEXT,
  audience TEXT,
  at INTEGER NOT NULL,
  CHECK ((op = 'reload') = (kind IS NULL) AND (kind IS NULL) = (id IS NULL))
) STRICT;

CREATE TABLE change_log_horizon (version INTEGER NOT NULL) STRICT;

INSERT INTO change_log_horizon (version) SELECT n FROM store_changes;
