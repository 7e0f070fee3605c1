ALTER TABLE "makes" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "permit_types" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "reasons" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "tows" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "warnings" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "position" integer;--> statement-breakpoint
-- Issue 36 §13 (decision 0039): a catalog entry's place in lists and pickers. The seeded warning kinds take the
-- order they are given in, the system permit types theirs; every other entry stays without a place (after those
-- with one, by name) until an admin gives it one.
UPDATE "warnings" SET "position" = x.position
  FROM (VALUES ('first-warning', 1), ('second-warning', 2), ('final-warning', 3), ('sticker-notice', 4), ('tow-notice', 5))
    AS x(code, position)
 WHERE lower("warnings"."code") = x.code;--> statement-breakpoint
UPDATE "permit_types" SET "position" = "id" WHERE "built_in" AND "id" BETWEEN 1 AND 6;
