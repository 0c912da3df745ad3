-- Feed items; the feed order is `position`, unique and indexed so pages are read by key, never by OFFSET.
-- PostgreSQL twin of ../0002_feed_item_create.sql: ids compare byte by byte (COLLATE "C", as SQLite's BINARY),
-- integers are BIGINT.
CREATE TABLE feed_item (
  id TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (id <> ''),
  title TEXT NOT NULL,
  subtitle TEXT,
  tag TEXT,
  image TEXT,
  position BIGINT NOT NULL
);

CREATE UNIQUE INDEX feed_item_position ON feed_item (position);
