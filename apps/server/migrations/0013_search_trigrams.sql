-- Term search through trigram indexes (decision 0018): pg_trgm for LIKE '%word%', btree_gin so the property
-- leads the index. Both are trusted extensions (PostgreSQL 13+): the database owner creates them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "residents_search_trgm_idx" ON "residents" USING gin ("property_id","search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_plate_trgm_idx" ON "vehicles" USING gin ("property_id","plate_normalized" gin_trgm_ops);