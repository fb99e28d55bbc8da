CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"locality" text NOT NULL,
	"building_name" text NOT NULL,
	"floor" text,
	"near_by" text,
	"name" text NOT NULL,
	"mobile" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"city" text NOT NULL,
	"area" text,
	"state" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_latitude_range" CHECK ("addresses"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "addresses_longitude_range" CHECK ("addresses"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_customer_idx" ON "addresses" USING btree ("customer_id","created_at");