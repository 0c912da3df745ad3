-- Feed items; the feed order is `position`, unique and indexed so pages are read by key, never by OFFSET.
CREATE TABLE feed_item (
  id TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
  title TEXT NOT NULL,
  subtitle TEXT,
  tag TEXT,
  image TEXT,
  position INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX feed_item_position ON feed_item (position);
