-- Two reservations of one spot never overlap (dates inclusive). btree_gist lets the exclusion constraint compare
-- the bigint keys with = beside the date range's &&. The extension is trusted (PostgreSQL 13+): a database owner
-- may create it; PGlite loads it at start (platform/db).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_dates_order" CHECK ("ends_on" >= "starts_on");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap" EXCLUDE USING gist ("property_id" WITH =, "spot_id" WITH =, daterange("starts_on", "ends_on", '[]') WITH &&);
