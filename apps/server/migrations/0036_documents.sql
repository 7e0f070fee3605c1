CREATE TABLE "document_assets" (
	"property_id" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"mime_type" varchar(40) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_assets_property_id_sha256_pk" PRIMARY KEY("property_id","sha256")
);
--> statement-breakpoint
ALTER TABLE "document_assets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_versions" (
	"property_id" bigint NOT NULL,
	"kind" varchar(40) NOT NULL,
	"version" integer NOT NULL,
	"layout" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"created_by" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_versions_property_id_kind_version_pk" PRIMARY KEY("property_id","kind","version")
);
--> statement-breakpoint
ALTER TABLE "document_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "agreement_version" integer;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "agreement_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "agreement_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "document_assets" ADD CONSTRAINT "document_assets_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "document_assets_read" ON "document_assets" AS PERMISSIVE FOR SELECT TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "document_assets_insert" ON "document_assets" AS PERMISSIVE FOR INSERT TO public WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "document_versions_read" ON "document_versions" AS PERMISSIVE FOR SELECT TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "document_versions_insert" ON "document_versions" AS PERMISSIVE FOR INSERT TO public WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));