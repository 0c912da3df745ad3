-- Products, orders and their line items. `ordered_at` is a UTC instant in milliseconds since 1970;
-- the (ordered_at, id) index finds the latest order without a scan.
-- PostgreSQL twin of ../0003_order_create.sql: ids compare byte by byte (COLLATE "C", as SQLite's BINARY),
-- integers are BIGINT.
CREATE TABLE product (
  id TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (id <> ''),
  title TEXT NOT NULL,
  image TEXT NOT NULL
);

CREATE TABLE orders (
  id TEXT COLLATE "C" PRIMARY KEY NOT NULL CHECK (id <> ''),
  status TEXT NOT NULL,
  ordered_at BIGINT NOT NULL
);

CREATE INDEX orders_latest ON orders (ordered_at, id);

CREATE TABLE line_item (
  order_id TEXT COLLATE "C" NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  line BIGINT NOT NULL,
  product_id TEXT COLLATE "C" NOT NULL REFERENCES product (id),
  quantity BIGINT NOT NULL CHECK (quantity >= 1),
  PRIMARY KEY (order_id, line)
);

CREATE INDEX line_item_product ON line_item (product_id);
