-- Every order belongs to a user (existing orders to the user `default`); the (user_id, ordered_at, id) index finds
-- a user's latest order without a scan, and replaces the (ordered_at, id) index, which nothing reads any more.
-- PostgreSQL twin of ../0005_order_user.sql: ids compare byte by byte (COLLATE "C", as SQLite's BINARY).
ALTER TABLE orders ADD COLUMN user_id TEXT COLLATE "C" NOT NULL DEFAULT 'default';

CREATE INDEX orders_user_latest ON orders (user_id, ordered_at, id);

DROP INDEX orders_latest;
