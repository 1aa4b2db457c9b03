-- Issue 34 (decision 035): the search folds accents with unaccent, which ships with PostgreSQL
-- (contrib, a trusted extension: a database owner may create it) and with PGlite (its contrib).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- The simple configuration (no language's stemming) with accents folded first. Made only when
-- missing: a restore drops the app's tables but keeps this, as it keeps the extensions.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_ts_config WHERE cfgname = 'brieflane_search') THEN
    CREATE TEXT SEARCH CONFIGURATION brieflane_search (COPY = pg_catalog.simple);
    ALTER TEXT SEARCH CONFIGURATION brieflane_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("name", ''), 100000)), 'A') || setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("contact_name", ''), 100000)), 'B') || setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("description", ''), 100000)), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "project_notes" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("content", ''), 100000)), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "project_templates" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("name", ''), 100000)), 'A') || setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("description", ''), 100000)), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("name", ''), 100000)), 'A') || setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("description", ''), 100000)), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "task_comments" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("body", ''), 100000)), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("title", ''), 100000)), 'A') || setweight(to_tsvector('brieflane_search'::regconfig, left(coalesce("description", ''), 100000)), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin ("full_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "project_files_name_trgm_idx" ON "project_files" USING gin ("file_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "project_notes_search_idx" ON "project_notes" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "project_templates_search_idx" ON "project_templates" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "task_comments_search_idx" ON "task_comments" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tasks_title_trgm_idx" ON "tasks" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false);