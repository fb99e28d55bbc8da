-- Sorting by name (issue 20, decision 055): the name sort ordered by lower(name) collate "C",
-- computed for every product of the page's category on every request (the whole category is
-- read for the total). product_search keeps that key instead: the name folded to lower case,
-- compared byte by byte ("C"), as the sort compared it. Written by the triggers on products, as
-- the rest of the row. USING rewrites the table into new files, so on PGlite (no autovacuum) no
-- dead copy of every row is left behind, and its indexes are built again.
ALTER TABLE "product_search" ALTER COLUMN "name" TYPE text COLLATE "C" USING lower("name");
--> statement-breakpoint
ALTER TABLE "product_search" RENAME COLUMN "name" TO "name_key";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, category_id, subcategory_id, in_stock, name_key, price_paise, mrp_paise, search_vector, search_keys)
  SELECT n.id, n.category_id, n.subcategory_id, n.stock > 0, lower(n.name), n.price_paise, n.mrp_paise, n.search_vector, n.search_keys
  FROM new_products n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search SET
    category_id = NEW.category_id,
    subcategory_id = NEW.subcategory_id,
    in_stock = NEW.stock > 0,
    name_key = lower(NEW.name),
    price_paise = NEW.price_paise,
    mrp_paise = NEW.mrp_paise,
    search_vector = NEW.search_vector,
    search_keys = NEW.search_keys
  WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;
