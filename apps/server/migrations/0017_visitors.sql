CREATE TABLE "visitors" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "visitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"phone" varchar(20),
	"email" varchar(255),
	"plate" varchar(15),
	"plate_normalized" varchar(15),
	"state_id" bigint,
	"make_id" bigint,
	"model_id" bigint,
	"color" varchar(50),
	"vehicle_type" varchar(20),
	"temporary_plates" boolean DEFAULT false NOT NULL,
	"resident_id" bigint NOT NULL,
	"unit_id" bigint,
	"permit_code" varchar(30),
	"permit_status" varchar(20),
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"status_comment" varchar(500),
	"override_reason" varchar(500),
	"public_token_hash" varchar(64),
	"created_by" bigint,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitors_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "visitors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_resident_fk" FOREIGN KEY ("property_id","resident_id") REFERENCES "public"."residents"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_permit_code_unique" ON "visitors" USING btree ("property_id",lower("permit_code")) WHERE "visitors"."permit_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_token_unique" ON "visitors" USING btree ("property_id","public_token_hash") WHERE "visitors"."public_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "visitors_resident_idx" ON "visitors" USING btree ("property_id","resident_id","valid_from");--> statement-breakpoint
CREATE INDEX "visitors_plate_idx" ON "visitors" USING btree ("property_id","plate_normalized");--> statement-breakpoint
CREATE INDEX "visitors_expiry_idx" ON "visitors" USING btree ("property_id","valid_until") WHERE "visitors"."permit_status" in ('pending', 'valid');--> statement-breakpoint
CREATE POLICY "visitors_isolation" ON "visitors" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));