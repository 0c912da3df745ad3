-- The stored images (core content, owned by no row kind: a feed item's or a product's `image` names one). The
-- bytes are kept here, in the database, on both backends: one backup, one transaction with the rest of a write,
-- every server and replica sees the same images, and no folder has to travel with the database. `version` is the
-- content hash (the first 16 hex digits of the bytes' SHA-256: image URLs carry it, so a replaced image has new
-- URLs); `media_type` is sniffed from the bytes; `width` and `height` are the pixels the header declares;
-- `placeholder` is the image's average colour, `#rrggbb`. docs/STORAGE.md, "Images".
CREATE TABLE images (
  name TEXT PRIMARY KEY NOT NULL CHECK (name <> ''),
  version TEXT NOT NULL,
  media_type TEXT NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/webp')),
  width INTEGER NOT NULL CHECK (width > 0),
  height INTEGER NOT NULL CHECK (height > 0),
  placeholder TEXT NOT NULL,
  bytes BLOB NOT NULL
) STRICT;
