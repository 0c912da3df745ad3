-- The test-only "promo" row kind: banners inserted before the 4th feed item, in rank order.
CREATE TABLE promo (
  id TEXT PRIMARY KEY NOT NULL,
  text TEXT NOT NULL,
  rank INTEGER NOT NULL UNIQUE
) STRICT;
