-- The store's change counter (docs/STORAGE.md, "The answer memo"): one row, whose `n` every write transaction of
-- the store that can change what a feed shows moves on by one (`StoreConnection.write`: seeding, the write
-- routes, a plugin's routes), and bookkeeping no answer depends on (`StoreConnection.bookkeepingWrite`: the
-- tokens' last uses) leaves alone. A server's read connection that finds the file changed (`PRAGMA data_version`)
-- reads it: the same `n`, and its remembered answers still hold; a new one, and every connection that sees that
-- commit agrees on one generation of the memo. A change made outside the store is seen only with `n` moved on.
CREATE TABLE store_changes (n INTEGER NOT NULL) STRICT;

INSERT INTO store_changes (n) VALUES (0);
