-- The catalogue's search (docs/HTTP.md, "Products"): `search` is the title folded by the product kind
-- (ProductSearch.fold: lower case, diacritics removed, words of ASCII letters and digits separated by one space),
-- written with the title, and indexed by the database's own full-text index. Products written before this
-- migration get the same folding of their ASCII letters here; a title with other letters is folded in full when it
-- is next written (`seed` rewrites every product of its folder whose folded title differs).
-- PostgreSQL twin of ../0012_product_search.sql: a stored tsvector of the folded title (configuration simple: no
-- stemming, no stop words, as FTS5's tokens) with a GIN index.
ALTER TABLE product ADD COLUMN search TEXT NOT NULL DEFAULT '';

UPDATE product SET search = translate(title, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
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

ALTER TABLE product ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;

CREATE INDEX product_search ON product USING gin (search_vector);
