-- The store's change counter (docs/STORAGE.md, "The answer memo"): one row, whose `n` every write transaction of
-- the store that can change what a feed shows moves on by one (`StoreConnection.write`: seeding, the write
-- routes, a plugin's routes), and bookkeeping no answer depends on (`StoreConnection.bookkeepingWrite`: the
-- tokens' last uses) leaves alone.
-- PostgreSQL twin of ../0009_account_changes.sql. The row lock of `UPDATE … SET n = n + 1` makes the values
-- commit-ordered (the writers take turns from the update to their commit; the NOTIFY of an announced commit
-- already made them commit one at a time).
CREATE TABLE store_changes (n BIGINT NOT NULL);

INSERT INTO store_changes (n) VALUES (0);
