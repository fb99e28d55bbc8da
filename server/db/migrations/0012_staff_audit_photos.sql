CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"staff_id" uuid,
	"staff_mobile" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"product_id" integer,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_actor_known" CHECK ("audit_log"."actor" IN ('console', 'cli'))
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"name" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"product_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile" text NOT NULL,
	"role" text NOT NULL,
	"store_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "staff_mobile_format" CHECK ("staff"."mobile" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "staff_role_known" CHECK ("staff"."role" IN ('picker', 'manager', 'admin')),
	CONSTRAINT "staff_store_by_role" CHECK (("staff"."role" = 'admin') = ("staff"."store_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_product_idx" ON "audit_log" USING btree ("product_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_photos_hash_idx" ON "product_photos" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_mobile_key" ON "staff" USING btree ("mobile");--> statement-breakpoint
-- The audit log is append-only, whoever connects: rows are inserted, never changed or removed.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change
BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate
BEFORE TRUNCATE ON audit_log
FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- A product the store no longer sells has no stock to sell: whatever comes back to it (a
-- cancelled order returning units) is not offered until a manager sells it again with a quantity.
-- The WHEN clause keeps it off the order path (decision 013): a sold product's stock update
-- never calls the function.
CREATE OR REPLACE FUNCTION products_unsold_no_stock() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.stock := 0;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_unsold_no_stock
BEFORE INSERT OR UPDATE ON products
FOR EACH ROW WHEN (NOT NEW.sold) EXECUTE FUNCTION products_unsold_no_stock();
