-- Issue 20 (decision 051): every change to what a catalogue answer is made of is announced on the
-- channel 'catalogue_changes' when its transaction commits, whichever process or path made it (the
-- API, the console, the ops command, an order taking stock, a migration). The payload is the
-- table's name; NOTIFY sends identical notifications of one transaction once. product_search is
-- written only by the trigger on products, in the same statement's transaction, and answers read a
-- photo from products.photo (product_photos is the console's list of uploads): no trigger of their
-- own, so that an order's stock change announces nothing twice. A server that hears
-- them keeps its catalogue answers until one comes, instead of asking the database again every
-- second (server/plugins/catalogue-cache.ts), and reads its list of stores again after 'stores'.
CREATE OR REPLACE FUNCTION catalogue_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalogue_changes', TG_TABLE_NAME);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE TRIGGER search_synonyms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE TRIGGER search_words_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_words FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE TRIGGER store_stock_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_stock FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE TRIGGER stores_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
