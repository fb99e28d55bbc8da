-- Keeps the search side tables in step with the catalogue, whatever writes to it.
-- products.category_terms: the names of the product's category and sub-category (the generated
-- search_vector weighs them C). search_words: the vocabulary typos are corrected against.

CREATE OR REPLACE FUNCTION product_category_terms(category integer, subcategory integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(c.name, ' ' ORDER BY c.parent_id NULLS FIRST), '')
  FROM categories c
  WHERE c.id IN (category, subcategory)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_set_category_terms() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.category_terms := product_category_terms(NEW.category_id, NEW.subcategory_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_category_terms
BEFORE INSERT OR UPDATE OF category_id, subcategory_id ON products
FOR EACH ROW EXECUTE FUNCTION products_set_category_terms();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_refresh_product_terms() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p
  SET category_terms = product_category_terms(p.category_id, p.subcategory_id)
  WHERE p.category_id = NEW.id OR p.subcategory_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_product_terms
AFTER UPDATE OF name ON categories
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION categories_refresh_product_terms();
--> statement-breakpoint
-- Words weighted A to C (name, aliases, brand, category names); descriptions would only add noise
-- to spelling corrections. Words are never removed: a stale one merely suggests a correction that
-- matches nothing.
CREATE OR REPLACE FUNCTION products_collect_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w.lexeme
  FROM new_rows r, unnest(r.search_vector) AS w
  WHERE w.weights && ARRAY['A', 'B', 'C'] AND w.lexeme ~ '^[a-z0-9]+$'
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert
AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION products_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update
AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION products_collect_search_words();
--> statement-breakpoint
-- Existing catalogues (created by 0001 and seeded): fill both now.
UPDATE products SET category_terms = product_category_terms(category_id, subcategory_id);
