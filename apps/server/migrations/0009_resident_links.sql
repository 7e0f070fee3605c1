ALTER TABLE "residents" ADD COLUMN "link_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "residents_link_unique" ON "residents" USING btree ("property_id","link_token_hash") WHERE "residents"."link_token_hash" is not null;