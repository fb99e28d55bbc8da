-- Issue 18 and 19 (decision 035): the status packed between processing and dispatched, and the
-- order events bus: an append-only log of what happened to each order, written by triggers so
-- that every path (API, console, CLI, payment webhook, hold job) produces its events, and
-- announced with pg_notify('order_events', <event as JSON>) when the transaction commits.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" IN ('awaiting-payment', 'processing', 'packed', 'dispatched', 'delivered', 'cancelled'));--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"store_id" integer NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind" CHECK ("order_events"."kind" IN ('placed', 'status', 'payment', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_events_customer_idx" ON "order_events" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "order_events_store_idx" ON "order_events" USING btree ("store_id","id");--> statement-breakpoint
-- Appends one event and announces it. The payload is the event as the bus hands it on (well under
-- NOTIFY's 8000-byte limit); `id` is a string, as bigint does not fit a JSON number safely.
CREATE OR REPLACE FUNCTION order_events_append(
	p_order_id uuid, p_number integer, p_customer_id uuid, p_store_id integer,
	p_status text, p_kind text, p_detail text, p_at timestamptz
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	new_id bigint;
BEGIN
	INSERT INTO order_events (order_id, customer_id, store_id, status, kind, detail, at)
	VALUES (p_order_id, p_customer_id, p_store_id, p_status, p_kind, p_detail, coalesce(p_at, now()))
	RETURNING id INTO new_id;
	PERFORM pg_notify('order_events', json_build_object(
		'id', new_id::text,
		'orderId', p_order_id,
		'number', p_number,
		'customerId', p_customer_id,
		'storeId', p_store_id,
		'status', p_status,
		'kind', p_kind,
		'detail', p_detail,
		'at', to_char(coalesce(p_at, now()) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
	)::text);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM order_events_append(NEW.id, NEW.number, NEW.customer_id, NEW.store_id, NEW.status, 'placed', NULL, NEW.created_at);
	ELSE
		PERFORM order_events_append(NEW.id, NEW.number, NEW.customer_id, NEW.store_id, NEW.status, 'status', OLD.status, NEW.updated_at);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_events_insert
AFTER INSERT ON orders
FOR EACH ROW EXECUTE FUNCTION orders_events();
--> statement-breakpoint
CREATE TRIGGER orders_events_status
AFTER UPDATE OF status ON orders
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION orders_events();
--> statement-breakpoint
-- The online payment's state (pending, paid, failed, expired) and refunds (requested, then the
-- gateway's state): events of their order, with the order's status at that moment.
CREATE OR REPLACE FUNCTION order_side_events() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	o record;
BEGIN
	SELECT id, number, customer_id, store_id, status INTO o FROM orders WHERE id = NEW.order_id;
	IF NOT FOUND THEN
		RETURN NULL;
	END IF;
	PERFORM order_events_append(o.id, o.number, o.customer_id, o.store_id, o.status,
		CASE WHEN TG_TABLE_NAME = 'refunds' THEN 'refund' ELSE 'payment' END, NEW.state, NEW.updated_at);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_payments_events
AFTER UPDATE OF state ON order_payments
FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION order_side_events();
--> statement-breakpoint
CREATE TRIGGER refunds_events_insert
AFTER INSERT ON refunds
FOR EACH ROW EXECUTE FUNCTION order_side_events();
--> statement-breakpoint
CREATE TRIGGER refunds_events_state
AFTER UPDATE OF state ON refunds
FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION order_side_events();
--> statement-breakpoint
-- Append-only, as the audit log: events are added, never changed (an order's deletion takes its
-- events with it through the foreign key).
CREATE OR REPLACE FUNCTION order_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'order_events is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_events_no_change
BEFORE UPDATE ON order_events
FOR EACH ROW EXECUTE FUNCTION order_events_append_only();
--> statement-breakpoint
-- Orders placed before this migration get their 'placed' event (without a notification), so
-- that every order has a timeline.
INSERT INTO order_events (order_id, customer_id, store_id, status, kind, at)
SELECT id, customer_id, store_id, status, 'placed', created_at FROM orders ORDER BY number;
