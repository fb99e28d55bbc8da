-- Stock changes with every order, and every UPDATE of a product fired the statement-level
-- trigger that collects search words (a transition table and an INSERT ... ON CONFLICT per word):
-- about half of PostgreSQL's CPU per order (decision 013). Words now come from a row-level
-- trigger that fires only when a product's search vector actually changed; inserts keep the
-- statement-level trigger (seeding thousands of products at once).
CREATE OR REPLACE FUNCTION search_words_of(v tsvector) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT w.lexeme FROM unnest(v) AS w
  WHERE w.weights && ARRAY['A', 'B', 'C'] AND w.lexeme ~ '^[a-z0-9]+$'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_collect_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_rows r, search_words_of(r.search_vector) AS w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_collect_row_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM search_words_of(NEW.search_vector) AS w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_words_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_words_update
AFTER UPDATE ON products
FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
EXECUTE FUNCTION products_collect_row_search_words();
