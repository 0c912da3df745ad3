-- Products, orders and their line items. `ordered_at` is a UTC instant in milliseconds since 1970;
-- the (ordered_at, id) index finds the latest order without a scan.
CREATE TABLE product (
  id TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
  title TEXT NOT NULL,
  image TEXT NOT NULL
) STRICT;

CREATE TABLE orders (
  id TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
  status TEXT NOT NULL,
  ordered_at INTEGER NOT NULL
) STRICT;

CREATE INDEX orders_latest ON orders (ordered_at, id);

CREATE TABLE line_item (
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  line INTEGER NOT NULL,
  product_id TEXT NOT NULL REFERENCES product (id),
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  PRIMARY KEY (order_id, line)
) STRICT, WITHOUT ROWID;

CREATE INDEX line_item_product ON line_item (product_id);
