CREATE TABLE "patrol_reports" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patrol_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"check_in_id" bigint NOT NULL,
	"user_area" varchar(10) NOT NULL,
	"user_id" bigint NOT NULL,
	"user_name" varchar(255) NOT NULL,
	"summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patrol_reports_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "patrol_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "patrol_check_ins" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patrol_check_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_area" varchar(10) NOT NULL,
	"user_id" bigint NOT NULL,
	"user_name" varchar(255) NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_meters" double precision,
	"distance_meters" integer,
	"location_status" varchar(20) NOT NULL,
	"checked_out_at" timestamp with time zone,
	"checkout_latitude" double precision,
	"checkout_longitude" double precision,
	"checkout_distance_meters" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patrol_check_ins_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "patrol_check_ins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "patrol_observations" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patrol_observations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"check_in_id" bigint NOT NULL,
	"user_area" varchar(10) NOT NULL,
	"user_id" bigint NOT NULL,
	"user_name" varchar(255) NOT NULL,
	"client_key" uuid NOT NULL,
	"plate" varchar(15),
	"plate_normalized" varchar(15),
	"spot_id" bigint,
	"spot_number" varchar(20),
	"place" varchar(255),
	"notes" text,
	"lookup" jsonb,
	"observed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patrol_observations_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "patrol_observations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "permit_warnings" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "permit_warnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"observation_id" bigint NOT NULL,
	"check_in_id" bigint NOT NULL,
	"plate" varchar(15) NOT NULL,
	"plate_normalized" varchar(15) NOT NULL,
	"warning_id" bigint NOT NULL,
	"reason_id" bigint NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"note" varchar(1000),
	"lookup" jsonb,
	"requested_by_area" varchar(10) NOT NULL,
	"requested_by_id" bigint NOT NULL,
	"requested_by_name" varchar(255) NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" bigint,
	"decided_by_name" varchar(255),
	"decision_note" varchar(1000),
	"placed_at" timestamp with time zone,
	"placed_by_id" bigint,
	"placed_by_name" varchar(255),
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permit_warnings_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "permit_warnings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vehicle_tows" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_tows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"permit_warning_id" bigint NOT NULL,
	"tow_id" bigint NOT NULL,
	"plate" varchar(15) NOT NULL,
	"plate_normalized" varchar(15) NOT NULL,
	"status" varchar(20) DEFAULT 'pending-to-tow' NOT NULL,
	"tow_authorization_date" timestamp with time zone NOT NULL,
	"ready_to_tow_at" timestamp with time zone NOT NULL,
	"authorized_by_area" varchar(10) NOT NULL,
	"authorized_by_id" bigint NOT NULL,
	"authorized_by_name" varchar(255) NOT NULL,
	"note" varchar(1000),
	"photo_file_ids" jsonb NOT NULL,
	"lookup" jsonb,
	"closed_at" timestamp with time zone,
	"closed_by_id" bigint,
	"closed_by_name" varchar(255),
	"close_note" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_tows_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "vehicle_tows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "patrol_reports" ADD CONSTRAINT "patrol_reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_reports" ADD CONSTRAINT "patrol_reports_check_in_fk" FOREIGN KEY ("property_id","check_in_id") REFERENCES "public"."patrol_check_ins"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_check_ins" ADD CONSTRAINT "patrol_check_ins_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_observations" ADD CONSTRAINT "patrol_observations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_observations" ADD CONSTRAINT "patrol_observations_check_in_fk" FOREIGN KEY ("property_id","check_in_id") REFERENCES "public"."patrol_check_ins"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_warnings" ADD CONSTRAINT "permit_warnings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_warnings" ADD CONSTRAINT "permit_warnings_warning_id_warnings_id_fk" FOREIGN KEY ("warning_id") REFERENCES "public"."warnings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_warnings" ADD CONSTRAINT "permit_warnings_reason_id_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_warnings" ADD CONSTRAINT "permit_warnings_observation_fk" FOREIGN KEY ("property_id","observation_id") REFERENCES "public"."patrol_observations"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permit_warnings" ADD CONSTRAINT "permit_warnings_check_in_fk" FOREIGN KEY ("property_id","check_in_id") REFERENCES "public"."patrol_check_ins"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_tows" ADD CONSTRAINT "vehicle_tows_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_tows" ADD CONSTRAINT "vehicle_tows_tow_id_tows_id_fk" FOREIGN KEY ("tow_id") REFERENCES "public"."tows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_tows" ADD CONSTRAINT "vehicle_tows_warning_fk" FOREIGN KEY ("property_id","permit_warning_id") REFERENCES "public"."permit_warnings"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_reports_check_in_idx" ON "patrol_reports" USING btree ("property_id","check_in_id");--> statement-breakpoint
CREATE INDEX "patrol_reports_created_idx" ON "patrol_reports" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_check_ins_one_active_idx" ON "patrol_check_ins" USING btree ("user_area","user_id") WHERE checked_out_at is null;--> statement-breakpoint
CREATE INDEX "patrol_check_ins_started_idx" ON "patrol_check_ins" USING btree ("property_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "patrol_check_ins_user_idx" ON "patrol_check_ins" USING btree ("property_id","user_area","user_id","checked_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_observations_client_key_idx" ON "patrol_observations" USING btree ("property_id","client_key");--> statement-breakpoint
CREATE INDEX "patrol_observations_check_in_idx" ON "patrol_observations" USING btree ("property_id","check_in_id","observed_at");--> statement-breakpoint
CREATE INDEX "patrol_observations_plate_idx" ON "patrol_observations" USING btree ("property_id","plate_normalized");--> statement-breakpoint
CREATE INDEX "permit_warnings_status_idx" ON "permit_warnings" USING btree ("property_id","status","created_at");--> statement-breakpoint
CREATE INDEX "permit_warnings_plate_idx" ON "permit_warnings" USING btree ("property_id","plate_normalized");--> statement-breakpoint
CREATE INDEX "permit_warnings_observation_idx" ON "permit_warnings" USING btree ("property_id","observation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_tows_warning_idx" ON "vehicle_tows" USING btree ("property_id","permit_warning_id");--> statement-breakpoint
CREATE INDEX "vehicle_tows_status_idx" ON "vehicle_tows" USING btree ("property_id","status","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_tows_plate_idx" ON "vehicle_tows" USING btree ("property_id","plate_normalized");--> statement-breakpoint
CREATE POLICY "patrol_reports_isolation" ON "patrol_reports" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "patrol_check_ins_isolation" ON "patrol_check_ins" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "patrol_observations_isolation" ON "patrol_observations" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "permit_warnings_isolation" ON "permit_warnings" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "vehicle_tows_isolation" ON "vehicle_tows" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));