-- The catalogue's search (docs/HTTP.md, "Products"): `search` is the title folded by the product kind
-- (ProductSearch.fold: lower case, diacritics removed, words of ASCII letters and digits separated by one space),
-- written with the title, and indexed by the database's own full-text index. Products written before this
-- migration get the same folding of their ASCII letters here; a title with other letters is folded in full when it
-- is next written (`seed` rewrites every product of its folder whose folded title differs).
-- SQLite: FTS5 (tokenizer ascii: the folded text is ASCII) keyed by `search_key`, a number of the product's own
-- that VACUUM keeps (a rowid it may renumber), kept in step by triggers.
ALTER TABLE product ADD COLUMN search TEXT NOT NULL DEFAULT '';
ALTER TABLE product ADD COLUMN search_key INTEGER;

UPDATE product SET search_key = rowid, search = lower(title);
-- Every ASCII punctuation character separates words; runs of spaces become one (up to 32), and the ends go.
UPDATE product SET search = replace(search, '!', ' ');
UPDATE product SET search = replace(search, '"', ' ');
UPDATE product SET search = replace(search, '#', ' ');
UPDATE product SET search = replace(search, '$', ' ');
UPDATE product SET search = replace(search, '%', ' ');
UPDATE product SET search = replace(search, '&', ' ');
UPDATE product SET search = replace(search, '''', ' ');
UPDATE product SET search = replace(search, '(', ' ');
UPDATE product SET search = replace(search, ')', ' ');
UPDATE product SET search = replace(search, '*', ' ');
UPDATE product SET search = replace(search, '+', ' ');
UPDATE product SET search = replace(search, ',', ' ');
UPDATE product SET search = replace(search, '-', ' ');
UPDATE product SET search = replace(search, '.', ' ');
UPDATE product SET search = replace(search, '/', ' ');
UPDATE product SET search = replace(search, ':', ' ');
UPDATE product SET search = replace(search, ';', ' ');
UPDATE product SET search = replace(search, '<', ' ');
UPDATE product SET search = replace(search, '=', ' ');
UPDATE product SET search = replace(search, '>', ' ');
UPDATE product SET search = replace(search, '?', ' ');
UPDATE product SET search = replace(search, '@', ' ');
UPDATE product SET search = replace(search, '[', ' ');
UPDATE product SET search = replace(search, '\', ' ');
UPDATE product SET search = replace(search, ']', ' ');
UPDATE product SET search = replace(search, '^', ' ');
UPDATE product SET search = replace(search, '_', ' ');
UPDATE product SET search = replace(search, '`', ' ');
UPDATE product SET search = replace(search, '{', ' ');
UPDATE product SET search = replace(search, '|', ' ');
UPDATE product SET search = replace(search, '}', ' ');
UPDATE product SET search = replace(search, '~', ' ');
UPDATE product SET search = replace(search, '  ', ' ');
UPDATE product SET search = replace(search, '  ', ' ');
UPDATE product SET search = replace(search, '  ', ' ');
UPDATE product SET search = replace(search, '  ', ' ');
UPDATE product SET search = replace(search, '  ', ' ');
UPDATE product SET search = trim(search);

CREATE UNIQUE INDEX product_search_key ON product (search_key);

CREATE VIRTUAL TABLE product_search USING fts5(search, tokenize = 'ascii');

INSERT INTO product_search (rowid, search) SELECT search_key, search FROM product;

CREATE TRIGGER product_search_insert AFTER INSERT ON product BEGIN
  UPDATE product SET search_key = (SELECT coalesce(max(search_key), 0) + 1 FROM product) WHERE id = new.id;
  INSERT INTO product_search (rowid, search) SELECT search_key, search FROM product WHERE id = new.id;
END;

CREATE TRIGGER product_search_update AFTER UPDATE OF search ON product BEGIN
  UPDATE product_search SET search = new.search WHERE rowid = new.search_key;
END;

CREATE TRIGGER product_search_delete AFTER DELETE ON product BEGIN
  DELETE FROM product_search WHERE rowid = old.search_key;
END;
