CREATE TABLE "spot_reports" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "spot_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"spot_id" bigint NOT NULL,
	"resident_id" bigint NOT NULL,
	"plate" varchar(15),
	"plate_normalized" varchar(15),
	"note" varchar(1000),
	"resolved_at" timestamp with time zone,
	"resolved_by_id" bigint,
	"resolved_by_name" varchar(255),
	"resolution" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_reports_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "spot_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "spot_reports" ADD CONSTRAINT "spot_reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_reports" ADD CONSTRAINT "spot_reports_spot_fk" FOREIGN KEY ("property_id","spot_id") REFERENCES "public"."spots"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_reports" ADD CONSTRAINT "spot_reports_resident_fk" FOREIGN KEY ("property_id","resident_id") REFERENCES "public"."tenant_users"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spot_reports_created_idx" ON "spot_reports" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "spot_reports_spot_idx" ON "spot_reports" USING btree ("property_id","spot_id");--> statement-breakpoint
CREATE INDEX "spot_reports_resident_idx" ON "spot_reports" USING btree ("property_id","resident_id");--> statement-breakpoint
CREATE POLICY "spot_reports_isolation" ON "spot_reports" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));