CREATE TABLE "data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "pincode" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_pincode_format" CHECK ("addresses"."pincode" ~ '^[1-9][0-9]{5}$');