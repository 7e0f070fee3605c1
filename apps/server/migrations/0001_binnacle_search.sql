DROP INDEX "binnacle_property_created_idx";--> statement-breakpoint
ALTER TABLE "binnacle" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(entity || ' ' || action || ' ' || coalesce(user_name, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "binnacle_property_created_search_idx" ON "binnacle" USING btree ("property_id","created_at","id","search");