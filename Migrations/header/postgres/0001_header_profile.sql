-- The signed-in user shown in the header row: at most one row (id 1).
-- PostgreSQL twin of ../0001_header_profile.sql: integers are BIGINT (SQLite's 64-bit INTEGER).
CREATE TABLE profile (
  id BIGINT PRIMARY KEY CHECK (id = 1),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL
);
