-- Decision 0057: the tables both areas write become tenant tables distributable by property_id. The central area's
-- rows (property_id null until now) take the reserved id 0, which is no property (identities start at 1); property_id
-- is NOT NULL and leads the primary key and every unique index. The references of the audit log, files and the
-- outbox to properties go: 0 is no row of properties (the rows are written by the product in their request's scope).
ALTER TABLE "binnacle" DROP CONSTRAINT "binnacle_property_id_properties_id_fk";--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_property_id_properties_id_fk";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_property_id_properties_id_fk";--> statement-breakpoint
DROP INDEX "login_challenges_token_hash_unique";--> statement-breakpoint
DROP INDEX "password_resets_token_hash_unique";--> statement-breakpoint
DROP INDEX "sessions_token_hash_unique";--> statement-breakpoint
DROP INDEX "user_invitations_token_hash_unique";--> statement-breakpoint
UPDATE "binnacle" SET "property_id" = 0 WHERE "property_id" IS NULL;--> statement-breakpoint
ALTER TABLE "binnacle" DROP CONSTRAINT "binnacle_pkey";--> statement-breakpoint
ALTER TABLE "binnacle" ALTER COLUMN "property_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "binnacle" ADD CONSTRAINT "binnacle_property_id_id_pk" PRIMARY KEY("property_id","id");--> statement-breakpoint
UPDATE "files" SET "property_id" = 0 WHERE "property_id" IS NULL;--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_pkey";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "property_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_property_id_id_pk" PRIMARY KEY("property_id","id");--> statement-breakpoint
UPDATE "mail_outbox" SET "property_id" = 0 WHERE "property_id" IS NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_pkey";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "property_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_property_id_id_pk" PRIMARY KEY("property_id","id");--> statement-breakpoint
UPDATE "sessions" SET "property_id" = 0 WHERE "property_id" IS NULL;--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "property_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_property_id_id_pk" PRIMARY KEY("property_id","id");--> statement-breakpoint
UPDATE "password_resets" SET "property_id" = 0 WHERE "property_id" IS NULL;--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_pkey";--> statement-breakpoint
ALTER TABLE "password_resets" ALTER COLUMN "property_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_property_id_id_pk" PRIMARY KEY("property_id","id");--> statement-breakpoint
UPDATE "login_challenges" SET "property_id" = 0 WHERE "property_id" IS NULL;--> statement-breakpoint
ALTER TABLE "login_challenges" DROP CONSTRAINT "login_challenges_pkey";--> statement-breakpoint
ALTER TABLE "login_challenges" ALTER COLUMN "property_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_property_id_id_pk" PRIMARY KEY("property_id","id");--> statement-breakpoint
UPDATE "user_invitations" SET "property_id" = 0 WHERE "property_id" IS NULL;--> statement-breakpoint
ALTER TABLE "user_invitations" DROP CONSTRAINT "user_invitations_pkey";--> statement-breakpoint
ALTER TABLE "user_invitations" ALTER COLUMN "property_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_property_id_id_pk" PRIMARY KEY("property_id","id");--> statement-breakpoint
CREATE INDEX "files_id_idx" ON "files" USING btree ("id");--> statement-breakpoint
CREATE INDEX "mail_outbox_id_idx" ON "mail_outbox" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_token_hash_unique" ON "login_challenges" USING btree ("property_id","token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_unique" ON "password_resets" USING btree ("property_id","token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("property_id","token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "user_invitations_token_hash_unique" ON "user_invitations" USING btree ("property_id","token_hash");
