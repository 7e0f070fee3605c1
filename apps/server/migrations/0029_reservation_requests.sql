-- Residents ask for a reserved spot (decision 0039 §5): a reservation is pending (a resident's request waiting for
-- staff), confirmed, or rejected (with the comment the resident reads). A pending request holds the spot like a
-- confirmed reservation; a rejected one frees it, so the exclusion constraint now leaves rejected rows out.
ALTER TABLE "reservations" ADD COLUMN "status" varchar(16) DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "decision_comment" varchar(500);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "decided_by" bigint;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('pending', 'confirmed', 'rejected'));--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_no_overlap";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap" EXCLUDE USING gist ("property_id" WITH =, "spot_id" WITH =, daterange("starts_on", "ends_on", '[]') WITH &&) WHERE ("status" <> 'rejected');
