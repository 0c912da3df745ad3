-- Every order belongs to a user (existing orders to the user `default`); the (user_id, ordered_at, id) index finds
-- a user's latest order without a scan, and replaces the (ordered_at, id) index, which nothing reads any more.
ALTER TABLE orders ADD COLUMN user_id TEXT NOT NULL DEFAULT 'default';

CREATE INDEX orders_user_latest ON orders (user_id, ordered_at, id);

DROP INDEX orders_latest;
