ALTER TABLE "requests" ADD COLUMN "link_entity" varchar(30);--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "link_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "requests_link_unique" ON "requests" USING btree ("property_id","link_entity","link_id") WHERE link_entity is not null;