-- The patrol's plate lookup (decision 0026): the folded plate stored in a column of its own, indexed within the
-- property. The indexes on translate(plate_normalized) and its trigrams were never used by the application role:
-- under forced row-level security only leakproof conditions reach an index, and translate() and pg_trgm's
-- operators are not leakproof; text equality on a column is.
DROP INDEX "banned_vehicles_plate_folded_idx";--> statement-breakpoint
DROP INDEX "banned_vehicles_plate_trgm_idx";--> statement-breakpoint
DROP INDEX "vehicles_plate_folded_idx";--> statement-breakpoint
DROP INDEX "vehicles_plate_trgm_idx";--> statement-breakpoint
DROP INDEX "visitors_plate_folded_idx";--> statement-breakpoint
DROP INDEX "visitors_plate_trgm_idx";--> statement-breakpoint
ALTER TABLE "banned_vehicles" ADD COLUMN "plate_folded" varchar(15) GENERATED ALWAYS AS (translate(plate_normalized, 'OIZSBG', '012586')) STORED;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "plate_folded" varchar(15) GENERATED ALWAYS AS (translate(plate_normalized, 'OIZSBG', '012586')) STORED;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "plate_folded" varchar(15) GENERATED ALWAYS AS (translate(plate_normalized, 'OIZSBG', '012586')) STORED;--> statement-breakpoint
CREATE INDEX "banned_vehicles_folded_plate_idx" ON "banned_vehicles" USING btree ("property_id","plate_folded") WHERE "banned_vehicles"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "vehicles_folded_plate_idx" ON "vehicles" USING btree ("property_id","plate_folded") WHERE "vehicles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "visitors_folded_plate_idx" ON "visitors" USING btree ("property_id","plate_folded") WHERE "visitors"."deleted_at" is null and "visitors"."permit_status" is not null;