-- Stock per dark store (issue 18, decision 034). Every order is packed by the store that serves
-- its address, so what can be bought depends on the store: `store_stock` holds the count of each
-- product at each store. `products.stock` stays as the national view (a shopper without a
-- location): the sum over the stores, kept by the triggers below in the same statement as any
-- change of a store's stock, so every existing reader of it keeps working.
CREATE TABLE "store_stock" (
	"store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "store_stock_store_id_product_id_pk" PRIMARY KEY("store_id","product_id"),
	CONSTRAINT "store_stock_non_negative" CHECK ("store_stock"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_stock_product_idx" ON "store_stock" USING btree ("product_id");--> statement-breakpoint
-- The national count becomes each store's count: nothing a shopper could buy before disappears
-- from any area (the one number was never a count of any one shelf); managers then set the real
-- counts. An unsold product has none anywhere.
INSERT INTO "store_stock" ("store_id", "product_id", "stock")
SELECT s.id, p.id, CASE WHEN p.sold THEN p.stock ELSE 0 END FROM "stores" s CROSS JOIN "products" p;
--> statement-breakpoint
-- A change of a store's count moves the national sum by the same amount, in the same statement
-- (orders, cancels and adjustments update one row per product and store).
CREATE OR REPLACE FUNCTION store_stock_to_national() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET stock = stock + (NEW.stock - OLD.stock) WHERE id = NEW.product_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER store_stock_to_national
AFTER UPDATE OF stock ON store_stock
FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock)
EXECUTE FUNCTION store_stock_to_national();
--> statement-breakpoint
-- New rows (a new product, a new store's shelf) recompute the sum of the products they touch.
CREATE OR REPLACE FUNCTION store_stock_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET stock = (SELECT coalesce(sum(s.stock), 0) FROM store_stock s WHERE s.product_id = p.id)
  WHERE p.id IN (SELECT DISTINCT n.product_id FROM new_rows n);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER store_stock_inserted
AFTER INSERT ON store_stock
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION store_stock_inserted();
--> statement-breakpoint
-- A product inserted with a stock figure (the seed, the synthetic catalogue) holds it at every
-- store, as the backfill above did; the national sum follows.
CREATE OR REPLACE FUNCTION products_stock_to_stores() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO store_stock (store_id, product_id, stock)
  SELECT s.id, n.id, n.stock FROM new_products n CROSS JOIN stores s;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_stock_to_stores
AFTER INSERT ON products
REFERENCING NEW TABLE AS new_products
FOR EACH STATEMENT EXECUTE FUNCTION products_stock_to_stores();
--> statement-breakpoint
UPDATE products p SET stock = (SELECT coalesce(sum(s.stock), 0) FROM store_stock s WHERE s.product_id = p.id);
--> statement-breakpoint
-- The national figure is only ever the sum: writing it directly (not through a store's row)
-- is refused, so it cannot drift from the stores' counts. Setting a product unsold zeroes it
-- (products_unsold_no_stock); the console zeroes the stores' rows first.
CREATE OR REPLACE FUNCTION products_stock_is_a_sum() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'products.stock is the sum of store_stock: change a store''s stock instead'
    USING ERRCODE = 'check_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_stock_is_a_sum
BEFORE UPDATE OF stock ON products
FOR EACH ROW WHEN (pg_trigger_depth() = 0 AND OLD.stock IS DISTINCT FROM NEW.stock AND NEW.sold)
EXECUTE FUNCTION products_stock_is_a_sum();
--> statement-breakpoint
-- place_order (migration 0007, decision 013) takes the stock from the store that serves the
-- address (p_store) instead of the national figure: the same locks in the same order, plus the
-- store's rows; a product the store has no row for has none there.
CREATE OR REPLACE FUNCTION place_order(
  p_customer uuid,
  p_key text,
  p_address uuid,
  p_address_version integer,
  p_ids integer[],
  p_quantities integer[],
  p_prices integer[],
  p_mrps integer[],
  p_names text[],
  p_images text[],
  p_pack_sizes text[],
  p_item_mrps integer[],
  p_balance integer,
  p_order_id uuid,
  p_store integer,
  p_eta integer,
  p_snapshot jsonb,
  p_payment text,
  p_items_paise integer,
  p_mrp_paise integer,
  p_delivery_paise integer,
  p_handling_paise integer,
  p_wallet_paise integer,
  p_total_paise integer,
  p_payable_paise integer,
  p_now timestamptz
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_existing uuid;
  v_version integer;
  v_found integer;
  v_refused boolean;
  v_stale boolean;
  v_balance integer;
  v_number integer;
  v_taken integer;
BEGIN
  -- Every write to a customer's orders or wallet first locks the customer's row: one at a time.
  PERFORM 1 FROM customers c WHERE c.id = p_customer FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'address-not-found');
  END IF;
  -- A statement of its own after the lock (a volatile function takes a fresh snapshot for each):
  -- it sees an order a concurrent request with the same key has just committed.
  SELECT o.id INTO v_existing FROM orders o WHERE o.customer_id = p_customer AND o.idempotency_key = p_key;
  IF v_existing IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'replayed', 'id', v_existing);
  END IF;
  SELECT a.version INTO v_version FROM addresses a WHERE a.id = p_address AND a.customer_id = p_customer;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'address-not-found');
  END IF;
  IF v_version <> p_address_version THEN
    RETURN jsonb_build_object('outcome', 'stale');
  END IF;

  -- The products, then their rows at the serving store, locked in id order as every order,
  -- cancel and adjustment locks them (no deadlocks).
  PERFORM 1 FROM products p WHERE p.id = ANY (p_ids) ORDER BY p.id FOR UPDATE;
  PERFORM 1 FROM store_stock s WHERE s.store_id = p_store AND s.product_id = ANY (p_ids) ORDER BY s.product_id FOR UPDATE;
  SELECT count(*)::integer,
    coalesce(bool_or(coalesce(s.stock, 0) < l.qty OR p.price_paise <> l.price), false),
    coalesce(bool_or(p.mrp_paise <> l.mrp OR p.name <> l.name OR p.image <> l.image OR p.pack_size <> l.pack_size), false)
  INTO v_found, v_refused, v_stale
  FROM unnest(p_ids, p_quantities, p_prices, p_mrps, p_names, p_images, p_pack_sizes)
    AS l(id, qty, price, mrp, name, image, pack_size)
  JOIN products p ON p.id = l.id
  LEFT JOIN store_stock s ON s.store_id = p_store AND s.product_id = l.id;
  IF v_refused OR v_found < cardinality(p_ids) THEN
    RETURN jsonb_build_object('outcome', 'changed', 'products', (
      SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'pricePaise', p.price_paise,
        'mrpPaise', p.mrp_paise, 'stock', coalesce(s.stock, 0))), '[]'::jsonb)
      FROM products p LEFT JOIN store_stock s ON s.store_id = p_store AND s.product_id = p.id
      WHERE p.id = ANY (p_ids)));
  END IF;
  IF v_stale THEN
    RETURN jsonb_build_object('outcome', 'stale');
  END IF;

  IF p_balance IS NOT NULL THEN
    SELECT coalesce(sum(w.amount_paise), 0)::integer INTO v_balance FROM wallet_ledger w WHERE w.customer_id = p_customer;
    IF v_balance <> p_balance THEN
      RETURN jsonb_build_object('outcome', 'stale');
    END IF;
  END IF;

  INSERT INTO orders (id, customer_id, idempotency_key, store_id, eta_minutes, address, payment_method,
    items_paise, mrp_paise, delivery_paise, handling_paise, wallet_paise, total_paise, payable_paise,
    created_at, updated_at)
  VALUES (p_order_id, p_customer, p_key, p_store, p_eta, p_snapshot, p_payment,
    p_items_paise, p_mrp_paise, p_delivery_paise, p_handling_paise, p_wallet_paise, p_total_paise, p_payable_paise,
    p_now, p_now)
  RETURNING orders.number INTO v_number;
  INSERT INTO order_items (order_id, product_id, position, name, image, pack_size, price_paise, mrp_paise, quantity)
  SELECT p_order_id, l.id, (l.n - 1)::integer, l.name, l.image, l.pack_size, l.price, l.item_mrp, l.qty
  FROM unnest(p_ids, p_quantities, p_prices, p_names, p_images, p_pack_sizes, p_item_mrps)
    WITH ORDINALITY AS l(id, qty, price, name, image, pack_size, item_mrp, n);
  -- The rows are locked and checked above; `stock >= qty` is a second guard, backed by the
  -- table's check constraint, that a store's stock never goes below zero. The national sum
  -- follows (trigger store_stock_to_national).
  UPDATE store_stock s SET stock = s.stock - l.qty
  FROM unnest(p_ids, p_quantities) AS l(id, qty)
  WHERE s.store_id = p_store AND s.product_id = l.id AND s.stock >= l.qty;
  GET DIAGNOSTICS v_taken = ROW_COUNT;
  IF v_taken <> cardinality(p_ids) THEN
    RAISE EXCEPTION 'stock changed under a row lock';
  END IF;
  IF p_wallet_paise > 0 THEN
    INSERT INTO wallet_ledger (customer_id, amount_paise, kind, order_id, created_at)
    VALUES (p_customer, -p_wallet_paise, 'order', p_order_id, p_now);
  END IF;
  RETURN jsonb_build_object('outcome', 'placed', 'number', v_number);
END
$$;
