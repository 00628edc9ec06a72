-- Trigram matching for catalogue search (PGlite loads the same extension: lib/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', about), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tools_name_trgm_idx" ON "tools" USING gin ("name" gin_trgm_ops);
