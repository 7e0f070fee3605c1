CREATE TABLE "buildings" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "buildings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"map_x" double precision,
	"map_y" double precision,
	"map_width" double precision,
	"map_height" double precision,
	"map_rotation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buildings_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "buildings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "floors" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "floors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"building_id" bigint NOT NULL,
	"name" varchar(60) NOT NULL,
	"level" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floors_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "floors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "units" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"building_id" bigint NOT NULL,
	"floor_id" bigint,
	"name" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "units" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "parking_areas" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "parking_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"x" double precision DEFAULT 0 NOT NULL,
	"y" double precision DEFAULT 0 NOT NULL,
	"width" double precision DEFAULT 200 NOT NULL,
	"height" double precision DEFAULT 120 NOT NULL,
	"rotation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_areas_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "parking_areas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "parking_maps" (
	"property_id" bigint NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" bigint,
	"updated_by_name" varchar(255),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_maps_property_id_pk" PRIMARY KEY("property_id")
);
--> statement-breakpoint
ALTER TABLE "parking_maps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "spots" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "spots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"area_id" bigint,
	"number" varchar(20) NOT NULL,
	"name" varchar(2),
	"type" varchar(20) DEFAULT 'resident' NOT NULL,
	"status" varchar(20) DEFAULT 'available' NOT NULL,
	"spot_group" varchar(60),
	"notes" text,
	"x" double precision DEFAULT 0 NOT NULL,
	"y" double precision DEFAULT 0 NOT NULL,
	"rotation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spots_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "spots" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reservations" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"spot_id" bigint NOT NULL,
	"resident_id" bigint NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"notes" varchar(500),
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "reservations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "zip_codes_by_city" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floors" ADD CONSTRAINT "floors_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floors" ADD CONSTRAINT "floors_building_fk" FOREIGN KEY ("property_id","building_id") REFERENCES "public"."buildings"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_building_fk" FOREIGN KEY ("property_id","building_id") REFERENCES "public"."buildings"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_floor_fk" FOREIGN KEY ("property_id","floor_id") REFERENCES "public"."floors"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_areas" ADD CONSTRAINT "parking_areas_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_maps" ADD CONSTRAINT "parking_maps_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spots" ADD CONSTRAINT "spots_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spots" ADD CONSTRAINT "spots_area_fk" FOREIGN KEY ("property_id","area_id") REFERENCES "public"."parking_areas"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_spot_fk" FOREIGN KEY ("property_id","spot_id") REFERENCES "public"."spots"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_resident_fk" FOREIGN KEY ("property_id","resident_id") REFERENCES "public"."tenant_users"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_name_unique" ON "buildings" USING btree ("property_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "floors_name_unique" ON "floors" USING btree ("property_id","building_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "units_name_unique" ON "units" USING btree ("property_id","building_id",lower("name"));--> statement-breakpoint
CREATE INDEX "units_floor_idx" ON "units" USING btree ("property_id","floor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_areas_name_unique" ON "parking_areas" USING btree ("property_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "spots_number_unique" ON "spots" USING btree ("property_id",lower("number"));--> statement-breakpoint
CREATE INDEX "spots_area_idx" ON "spots" USING btree ("property_id","area_id");--> statement-breakpoint
CREATE INDEX "spots_type_idx" ON "spots" USING btree ("property_id","type");--> statement-breakpoint
CREATE INDEX "reservations_spot_idx" ON "reservations" USING btree ("property_id","spot_id","starts_on");--> statement-breakpoint
CREATE INDEX "reservations_resident_idx" ON "reservations" USING btree ("property_id","resident_id");--> statement-breakpoint
CREATE POLICY "buildings_isolation" ON "buildings" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "floors_isolation" ON "floors" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "units_isolation" ON "units" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "parking_areas_isolation" ON "parking_areas" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "parking_maps_isolation" ON "parking_maps" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "spots_isolation" ON "spots" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "reservations_isolation" ON "reservations" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));