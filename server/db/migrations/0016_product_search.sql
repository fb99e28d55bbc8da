-- Search at 50,000 products (issue 20, decision 040). A search ranks every product that matches
-- (thousands for 'milk' or a category page); on products each match cost a visit to a wide heap
-- row, and stock changes leave dead versions of those rows behind (PGlite has no autovacuum).
-- product_search holds only what search filters and sorts by, one narrow row per product,
-- rewritten only when one of those values changes.
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	"in_stock" boolean NOT NULL,
	"name" text NOT NULL,
	"price_paise" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"search_keys" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "category_id", "subcategory_id", "in_stock", "name", "price_paise", "mrp_paise", "search_vector", "search_keys")
SELECT id, category_id, subcategory_id, stock > 0, name, price_paise, mrp_paise, search_vector, search_keys FROM "products";
--> statement-breakpoint
CREATE INDEX "product_search_idx" ON "product_search" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "product_search_category_idx" ON "product_search" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_search_subcategory_idx" ON "product_search" USING btree ("subcategory_id");--> statement-breakpoint
-- New products: one statement for the whole insert (the seed and bulk loads insert hundreds).
CREATE OR REPLACE FUNCTION products_search_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, category_id, subcategory_id, in_stock, name, price_paise, mrp_paise, search_vector, search_keys)
  SELECT n.id, n.category_id, n.subcategory_id, n.stock > 0, n.name, n.price_paise, n.mrp_paise, n.search_vector, n.search_keys
  FROM new_products n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_inserted
AFTER INSERT ON products
REFERENCING NEW TABLE AS new_products
FOR EACH STATEMENT EXECUTE FUNCTION products_search_inserted();
--> statement-breakpoint
-- A changed product: only when something search reads changed, so the stock change of an order
-- writes nothing here unless the product runs out or comes back.
CREATE OR REPLACE FUNCTION products_search_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search SET
    category_id = NEW.category_id,
    subcategory_id = NEW.subcategory_id,
    in_stock = NEW.stock > 0,
    name = NEW.name,
    price_paise = NEW.price_paise,
    mrp_paise = NEW.mrp_paise,
    search_vector = NEW.search_vector,
    search_keys = NEW.search_keys
  WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_updated
AFTER UPDATE ON products
FOR EACH ROW WHEN (
  OLD.category_id IS DISTINCT FROM NEW.category_id
  OR OLD.subcategory_id IS DISTINCT FROM NEW.subcategory_id
  OR (OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0)
  OR OLD.name IS DISTINCT FROM NEW.name
  OR OLD.price_paise IS DISTINCT FROM NEW.price_paise
  OR OLD.mrp_paise IS DISTINCT FROM NEW.mrp_paise
  OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
  OR OLD.search_keys IS DISTINCT FROM NEW.search_keys
)
EXECUTE FUNCTION products_search_updated();
