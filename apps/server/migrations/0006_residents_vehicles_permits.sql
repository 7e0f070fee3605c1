CREATE TABLE "resident_imports" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "resident_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_name" varchar(255) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"state" varchar(20) DEFAULT 'queued' NOT NULL,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "resident_imports_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "resident_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resident_units" (
	"property_id" bigint NOT NULL,
	"resident_id" bigint NOT NULL,
	"unit_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resident_units_property_id_resident_id_unit_id_pk" PRIMARY KEY("property_id","resident_id","unit_id")
);
--> statement-breakpoint
ALTER TABLE "resident_units" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "residents" (
	"property_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"code" varchar(50),
	"status" varchar(30) DEFAULT 'active' NOT NULL,
	"lease_expiration_at" date,
	"vehicles_allowed" integer,
	"visitor_vehicles_allowed" integer,
	"changes_allowed" integer,
	"reservations_allowed" integer,
	"reserved_permit_changes" integer,
	"temp_visitor_vehicles" integer,
	"visitor_limit" integer,
	"signature" text,
	"signed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"import_id" bigint,
	"import_row" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "residents_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "residents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vehicles" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resident_id" bigint NOT NULL,
	"plate" varchar(15) NOT NULL,
	"plate_normalized" varchar(15) NOT NULL,
	"vin_last4" varchar(4),
	"make_id" bigint,
	"model_id" bigint,
	"vehicle_type" varchar(20),
	"color" varchar(50),
	"year" integer,
	"sticker_number" varchar(50),
	"temporary_plates" boolean DEFAULT false NOT NULL,
	"permit_type_id" bigint,
	"spot_id" bigint,
	"notes" varchar(1000),
	"plates_photo_file_id" bigint,
	"insurance_file_id" bigint,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "vehicles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "permits" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "permits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" varchar(30) NOT NULL,
	"resident_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"permit_type_id" bigint NOT NULL,
	"spot_id" bigint,
	"name" varchar(255),
	"email" varchar(255),
	"unit" varchar(255),
	"start_date" date,
	"end_date" date,
	"expires_on" date,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"rejection_comment" varchar(1000),
	"vehicle_changes" integer DEFAULT 0 NOT NULL,
	"year" integer NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" bigint,
	"public_token" varchar(43) NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permits_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "permits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "resident_imports" ADD CONSTRAINT "resident_imports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_units" ADD CONSTRAINT "resident_units_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_units" ADD CONSTRAINT "resident_units_resident_fk" FOREIGN KEY ("property_id","resident_id") REFERENCES "public"."residents"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_units" ADD CONSTRAINT "resident_units_unit_fk" FOREIGN KEY ("property_id","unit_id") REFERENCES "public"."units"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residents" ADD CONSTRAINT "residents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residents" ADD CONSTRAINT "residents_user_fk" FOREIGN KEY ("property_id","id") REFERENCES "public"."tenant_users"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_permit_type_id_permit_types_id_fk" FOREIGN KEY ("permit_type_id") REFERENCES "public"."permit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_resident_fk" FOREIGN KEY ("property_id","resident_id") REFERENCES "public"."residents"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_permit_type_id_permit_types_id_fk" FOREIGN KEY ("permit_type_id") REFERENCES "public"."permit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_resident_fk" FOREIGN KEY ("property_id","resident_id") REFERENCES "public"."residents"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_vehicle_fk" FOREIGN KEY ("property_id","vehicle_id") REFERENCES "public"."vehicles"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resident_units_unit_idx" ON "resident_units" USING btree ("property_id","unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "residents_code_unique" ON "residents" USING btree ("property_id",lower("code")) WHERE "residents"."code" is not null and "residents"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "residents_import_row_unique" ON "residents" USING btree ("property_id","import_id","import_row");--> statement-breakpoint
CREATE INDEX "residents_deleted_idx" ON "residents" USING btree ("property_id","deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_unique" ON "vehicles" USING btree ("property_id","plate_normalized") WHERE "vehicles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vehicles_resident_idx" ON "vehicles" USING btree ("property_id","resident_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permits_code_unique" ON "permits" USING btree ("property_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "permits_token_unique" ON "permits" USING btree ("property_id","public_token");--> statement-breakpoint
CREATE UNIQUE INDEX "permits_vehicle_live_unique" ON "permits" USING btree ("property_id","vehicle_id") WHERE "permits"."status" in ('pending', 'approved', 'inactive') and "permits"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "permits_resident_idx" ON "permits" USING btree ("property_id","resident_id");--> statement-breakpoint
CREATE INDEX "permits_status_idx" ON "permits" USING btree ("property_id","status","expires_on");--> statement-breakpoint
CREATE POLICY "resident_imports_isolation" ON "resident_imports" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "resident_units_isolation" ON "resident_units" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "residents_isolation" ON "residents" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "vehicles_isolation" ON "vehicles" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "permits_isolation" ON "permits" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));