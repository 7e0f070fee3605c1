-- The patrol's plate lookup (decision 0026): trigram similarity, Levenshtein distance, and GIN over the property id.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "banned_vehicles_plate_folded_idx" ON "banned_vehicles" USING btree ("property_id",translate("plate_normalized", 'OIZSBG', '012586')) WHERE "banned_vehicles"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "banned_vehicles_plate_trgm_idx" ON "banned_vehicles" USING gin ("property_id",translate("plate_normalized", 'OIZSBG', '012586') gin_trgm_ops) WHERE "banned_vehicles"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "vehicles_plate_folded_idx" ON "vehicles" USING btree ("property_id",translate("plate_normalized", 'OIZSBG', '012586')) WHERE "vehicles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vehicles_plate_trgm_idx" ON "vehicles" USING gin ("property_id",translate("plate_normalized", 'OIZSBG', '012586') gin_trgm_ops) WHERE "vehicles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "visitors_plate_folded_idx" ON "visitors" USING btree ("property_id",translate("plate_normalized", 'OIZSBG', '012586')) WHERE "visitors"."deleted_at" is null and "visitors"."permit_status" is not null;--> statement-breakpoint
CREATE INDEX "visitors_plate_trgm_idx" ON "visitors" USING gin ("property_id",translate("plate_normalized", 'OIZSBG', '012586') gin_trgm_ops) WHERE "visitors"."deleted_at" is null and "visitors"."permit_status" is not null;