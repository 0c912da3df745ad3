-- API tokens (`stackfeed token create|list|revoke`, `Authorization: Bearer` on the HTTP API). Only the SHA-256
-- of a token is kept (`secret_hash`, 64 lowercase hex digits); the token itself is printed once at creation.
-- Instants are UTC milliseconds since 1970. A token of a user no longer in `users` is refused, not deleted
-- (no foreign key: a re-seed of the users must not take the tokens with it).
-- PostgreSQL twin of ../0006_account_tokens.sql: ids compare byte by byte (COLLATE "C"), integers are BIGINT.
CREATE TABLE tokens (
  id TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (id <> ''),
  user_id TEXT COLLATE "C" NOT NULL CHECK (user_id <> ''),
  scope TEXT NOT NULL CHECK (scope IN ('read', 'write', 'admin')),
  name TEXT,
  secret_hash TEXT COLLATE "C" NOT NULL UNIQUE CHECK (length(secret_hash) = 64),
  created_at BIGINT NOT NULL,
  last_used_at BIGINT,
  revoked_at BIGINT
);

CREATE INDEX tokens_user ON tokens (user_id);
