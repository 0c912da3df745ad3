-- The answers of requests sent with an `Idempotency-Key` (docs/HTTP.md, "Idempotent retries"): one row per user
-- and key, written in the transaction of what the request wrote, so a request repeated with the key (at the same
-- instant, or to another server) gets the first one's answer and writes nothing. `request` is the route and the
-- body, `created_at` milliseconds since 1970; a row is kept at least 24 h, then deleted by a later request.
-- PostgreSQL twin of ../0007_account_idempotency.sql: texts compare byte by byte (COLLATE "C"), integers BIGINT.
-- A second transaction inserting the same (user_id, key) waits on the unique index until the first ends.
CREATE TABLE idempotency_keys (
  user_id TEXT COLLATE "C" NOT NULL,
  key TEXT COLLATE "C" NOT NULL,
  request TEXT NOT NULL,
  status BIGINT,
  location TEXT,
  response TEXT,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, key)
);

CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
