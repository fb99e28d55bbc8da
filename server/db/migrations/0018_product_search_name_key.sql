-- Sorting by name (issue 20, decision 055): the name sort ordered by lower(name) collate "C",
-- computed for every product of the page's category on every request (the whole category is
-- read for the total). product_search keeps that key instead: the name folded to lower case,
-- compared byte by byte ("C"), as the sort compared it. A stored generated column: the triggers on
-- products write the row as before and PostgreSQL computes the key, and `name` stays, so a server
-- of the previous release still running during a rolling deploy (decision 028) keeps working.
-- Adding a stored column rewrites the table into new files, so PGlite (no autovacuum) is left no
-- dead copy of every row.
ALTER TABLE "product_search" ADD COLUMN "name_key" text COLLATE "C" GENERATED ALWAYS AS (lower("name")) STORED NOT NULL;
