ALTER TABLE "roles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "roles_name_unique";--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "property_id" bigint;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "seeded_permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roles_property_idx" ON "roles" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree (coalesce("property_id", 0),lower("name"));--> statement-breakpoint
CREATE POLICY "roles_isolation" ON "roles" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "roles_shared_read" ON "roles" AS PERMISSIVE FOR SELECT TO public USING ((property_id is null and (select nullif(current_setting('app.property_id', true), '')) is not null));--> statement-breakpoint
UPDATE "roles" SET "seeded_permissions" = "permissions" WHERE "built_in";