-- The signed-in user shown in the header row: at most one row (id 1).
CREATE TABLE profile (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL
) STRICT;
