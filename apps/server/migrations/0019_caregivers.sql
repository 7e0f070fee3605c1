CREATE TABLE "caregivers" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "caregivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resident_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"phone" varchar(20),
	"plate" varchar(15) NOT NULL,
	"plate_normalized" varchar(15) NOT NULL,
	"state_id" bigint,
	"make_id" bigint,
	"model_id" bigint,
	"color" varchar(50),
	"vehicle_type" varchar(20),
	"days" integer[] NOT NULL,
	"status" varchar(20) NOT NULL,
	"last_refusal" jsonb,
	"created_by" bigint,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregivers_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "caregivers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "caregiver_id" bigint;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "caregiver_day" date;--> statement-breakpoint
ALTER TABLE "caregivers" ADD CONSTRAINT "caregivers_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregivers" ADD CONSTRAINT "caregivers_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregivers" ADD CONSTRAINT "caregivers_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregivers" ADD CONSTRAINT "caregivers_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregivers" ADD CONSTRAINT "caregivers_resident_fk" FOREIGN KEY ("property_id","resident_id") REFERENCES "public"."residents"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caregivers_resident_idx" ON "caregivers" USING btree ("property_id","resident_id");--> statement-breakpoint
CREATE INDEX "caregivers_active_idx" ON "caregivers" USING btree ("property_id") WHERE "caregivers"."status" = 'active' and "caregivers"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_caregiver_fk" FOREIGN KEY ("property_id","caregiver_id") REFERENCES "public"."caregivers"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_caregiver_day_unique" ON "visitors" USING btree ("property_id","caregiver_id","caregiver_day") WHERE "visitors"."caregiver_id" is not null;--> statement-breakpoint
CREATE POLICY "caregivers_isolation" ON "caregivers" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));