-- Placing an order in one round trip (decision 013). The server reads the order's context
-- without locks, works out the store and the charges, and sends everything here; this function
-- takes the locks, checks that what the server read still holds, and writes the order, its
-- items, the stock and the wallet debit, all in the one statement that calls it.
--
-- Answers (jsonb):
--   {"outcome": "placed", "number": N}
--   {"outcome": "replayed", "id": ...}      an order with this key exists (a double tap)
--   {"outcome": "address-not-found"}        no such customer, or not their address
--   {"outcome": "changed", "products": [...]} a product is gone, short of stock, or its price is
--                                           not the one the shopper saw: nothing written; the
--                                           current rows of the order's products
--   {"outcome": "stale"}                    the address, a product's MRP, name, image or pack
--                                           size, or the wallet balance changed since the
--                                           server read them: nothing written, read again
-- p_ids must be distinct. p_balance is the wallet balance the charges used (null: wallet not used).
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

  -- The products, locked in id order as every order and cancel locks them (no deadlocks).
  PERFORM 1 FROM products p WHERE p.id = ANY (p_ids) ORDER BY p.id FOR UPDATE;
  SELECT count(*)::integer,
    coalesce(bool_or(p.stock < l.qty OR p.price_paise <> l.price), false),
    coalesce(bool_or(p.mrp_paise <> l.mrp OR p.name <> l.name OR p.image <> l.image OR p.pack_size <> l.pack_size), false)
  INTO v_found, v_refused, v_stale
  FROM unnest(p_ids, p_quantities, p_prices, p_mrps, p_names, p_images, p_pack_sizes)
    AS l(id, qty, price, mrp, name, image, pack_size)
  JOIN products p ON p.id = l.id;
  IF v_refused OR v_found < cardinality(p_ids) THEN
    RETURN jsonb_build_object('outcome', 'changed', 'products', (
      SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'pricePaise', p.price_paise,
        'mrpPaise', p.mrp_paise, 'stock', p.stock)), '[]'::jsonb)
      FROM products p WHERE p.id = ANY (p_ids)));
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
  -- table's check constraint, that stock never goes below zero.
  UPDATE products p SET stock = p.stock - l.qty
  FROM unnest(p_ids, p_quantities) AS l(id, qty)
  WHERE p.id = l.id AND p.stock >= l.qty;
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
