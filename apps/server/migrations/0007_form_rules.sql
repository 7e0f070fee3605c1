CREATE TABLE "form_rules" (
	"property_id" bigint NOT NULL,
	"form" varchar(30) NOT NULL,
	"field" varchar(50) NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"validated" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_rules_property_id_form_field_pk" PRIMARY KEY("property_id","form","field")
);
--> statement-breakpoint
ALTER TABLE "form_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "form_rules" ADD CONSTRAINT "form_rules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "form_rules_isolation" ON "form_rules" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));