-- The change log's rule on `op` written as `=` comparisons: SQLite 3.40 checks `op IN ('insert', …)` by building a
-- temporary table of the list on every insert (about 31,000 instructions an order, docs/BENCHMARKS.md, "The order,
-- fifth pass"), where four comparisons cost a few hundred. The same rule: `op` is one of the four, never NULL.
-- SQLite cannot change a table's CHECK, so the table is made again with it and its rows copied over, in the
-- migration's one transaction (<https://www.sqlite.org/lang_altertable.html#otheralter>: no index, trigger, view
-- or foreign key names `change_log`).
CREATE TABLE change_log_checked (
  version INTEGER PRIMARY KEY,
  op TEXT NOT NULL CHECK (op = 'insert' OR op = 'update' OR op = 'delete' OR op = 'reload'),
  kind TEXT,
  id TEXT,
  audience TEXT,
  at INTEGER NOT NULL,
  CHECK ((op = 'reload') = (kind IS NULL) AND (kind IS NULL) = (id IS NULL))
) STRICT;

INSERT INTO change_log_checked (version, op, kind, id, audience, at)
SELECT version, op, kind, id, audience, at FROM change_log;

DROP TABLE change_log;

ALTER TABLE change_log_checked RENAME TO change_log;
