CREATE TABLE "search_synonyms" (
	"term" text NOT NULL,
	"synonym" text NOT NULL,
	CONSTRAINT "search_synonyms_term_synonym_pk" PRIMARY KEY("term","synonym"),
	CONSTRAINT "search_synonyms_words" CHECK ("search_synonyms"."term" ~ '^[a-z0-9]+$' AND "search_synonyms"."synonym" ~ '^[a-z0-9]+$')
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, lower(translate("name", '''’', ''))), 'A') || setweight(to_tsvector('simple'::regconfig, lower(translate("aliases" || ' ' || "brand", '''’', ''))), 'B') || setweight(to_tsvector('simple'::regconfig, lower(translate("category_terms", '''’', ''))), 'C') || setweight(to_tsvector('simple'::regconfig, lower(translate("description" || ' ' || "pack_size", '''’', ''))), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_keys" text[] GENERATED ALWAYS AS (array[btrim(regexp_replace(lower(translate("name", '''’', '')), '[^a-z0-9]+', ' ', 'g')), btrim(regexp_replace(lower(translate(case when starts_with(lower("name"), lower("brand") || ' ') then substr("name", length("brand") + 2) else "name" end, '''’', '')), '[^a-z0-9]+', ' ', 'g'))] || string_to_array(btrim(regexp_replace(regexp_replace(lower(translate("aliases", '''’', '')), '[^a-z0-9,]+', ' ', 'g'), ' *, *', ',', 'g'), ' ,'), ',')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WITH (fastupdate=false);