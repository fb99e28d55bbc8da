CREATE TABLE "gift_card_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"code_hint" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"redeemed_by" uuid,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "gift_cards_amount" CHECK ("gift_cards"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"pack_size" text NOT NULL,
	"price_paise" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_items_order_id_product_id_pk" PRIMARY KEY("order_id","product_id"),
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"customer_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"store_id" integer NOT NULL,
	"eta_minutes" integer NOT NULL,
	"address" jsonb NOT NULL,
	"payment_method" text NOT NULL,
	"items_paise" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"delivery_paise" integer NOT NULL,
	"handling_paise" integer NOT NULL,
	"wallet_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	"payable_paise" integer NOT NULL,
	"cancel_reason" text,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status" CHECK ("orders"."status" IN ('processing', 'dispatched', 'delivered', 'cancelled')),
	CONSTRAINT "orders_cancelled_by" CHECK ("orders"."cancelled_by" IS NULL OR "orders"."cancelled_by" IN ('customer', 'store')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."total_paise" = "orders"."items_paise" + "orders"."delivery_paise" + "orders"."handling_paise" AND "orders"."wallet_paise" >= 0 AND "orders"."payable_paise" = "orders"."total_paise" - "orders"."wallet_paise" AND "orders"."payable_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_km" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stores_radius_positive" CHECK ("stores"."radius_km" > 0),
	CONSTRAINT "stores_latitude_range" CHECK ("stores"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "stores_longitude_range" CHECK ("stores"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"kind" text NOT NULL,
	"gift_card_id" uuid,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_kind" CHECK ("wallet_ledger"."kind" IN ('giftcard', 'order', 'refund')),
	CONSTRAINT "wallet_ledger_nonzero" CHECK ("wallet_ledger"."amount_paise" <> 0)
);
--> statement-breakpoint
ALTER TABLE "gift_card_attempts" ADD CONSTRAINT "gift_card_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_redeemed_by_customers_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_attempts_customer_idx" ON "gift_card_attempts" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_hash_key" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_customer_idempotency_key" ON "orders" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "stores_slug_key" ON "stores" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "wallet_ledger_customer_idx" ON "wallet_ledger" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "stores" ("slug", "name", "city", "latitude", "longitude", "radius_km") VALUES
  ('mumbai-andheri-west', 'Andheri West', 'Mumbai', 19.1364, 72.8296, 5),
  ('mumbai-bandra-west', 'Bandra West', 'Mumbai', 19.0596, 72.8295, 5),
  ('mumbai-kurla', 'Kurla', 'Mumbai', 19.0726, 72.8845, 5),
  ('mumbai-powai', 'Powai', 'Mumbai', 19.1176, 72.9060, 5),
  ('mumbai-lower-parel', 'Lower Parel', 'Mumbai', 18.9986, 72.8300, 5),
  ('pune-koregaon-park', 'Koregaon Park', 'Pune', 18.5362, 73.8940, 5),
  ('pune-kothrud', 'Kothrud', 'Pune', 18.5074, 73.8077, 5),
  ('pune-hinjewadi', 'Hinjewadi', 'Pune', 18.5913, 73.7389, 5),
  ('bangalore-koramangala', 'Koramangala', 'Bangalore', 12.9352, 77.6245, 5),
  ('bangalore-indiranagar', 'Indiranagar', 'Bangalore', 12.9784, 77.6408, 5),
  ('bangalore-whitefield', 'Whitefield', 'Bangalore', 12.9698, 77.7500, 5),
  ('bangalore-jayanagar', 'Jayanagar', 'Bangalore', 12.9299, 77.5826, 5),
  ('delhi-connaught-place', 'Connaught Place', 'Delhi', 28.6315, 77.2167, 5),
  ('delhi-saket', 'Saket', 'Delhi', 28.5245, 77.2066, 5),
  ('delhi-dwarka', 'Dwarka', 'Delhi', 28.5921, 77.0460, 5),
  ('delhi-rohini', 'Rohini', 'Delhi', 28.7383, 77.0822, 5),
  ('noida-sector-18', 'Sector 18', 'Noida', 28.5708, 77.3261, 5),
  ('noida-sector-62', 'Sector 62', 'Noida', 28.6208, 77.3639, 5),
  ('noida-sector-137', 'Sector 137', 'Noida', 28.5088, 77.4097, 5);
