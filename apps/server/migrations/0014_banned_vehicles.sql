CREATE TABLE "banned_vehicles" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "banned_vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plate" varchar(15) NOT NULL,
	"plate_normalized" varchar(15) NOT NULL,
	"state_id" bigint,
	"make_id" bigint,
	"model_id" bigint,
	"color" varchar(50),
	"reason_id" bigint NOT NULL,
	"notes" varchar(1000),
	"banned_from" date NOT NULL,
	"banned_until" date,
	"banned_by_id" bigint,
	"banned_by_name" varchar(255),
	"lifted_at" timestamp with time zone,
	"lifted_by_id" bigint,
	"lifted_by_name" varchar(255),
	"lift_note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banned_vehicles_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "banned_vehicles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "banned_vehicles" ADD CONSTRAINT "banned_vehicles_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banned_vehicles" ADD CONSTRAINT "banned_vehicles_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banned_vehicles" ADD CONSTRAINT "banned_vehicles_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banned_vehicles" ADD CONSTRAINT "banned_vehicles_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banned_vehicles" ADD CONSTRAINT "banned_vehicles_reason_id_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banned_vehicles_plate_unique" ON "banned_vehicles" USING btree ("property_id","plate_normalized") WHERE "banned_vehicles"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "banned_vehicles_from_idx" ON "banned_vehicles" USING btree ("property_id","banned_from");--> statement-breakpoint
CREATE INDEX "banned_vehicles_reason_idx" ON "banned_vehicles" USING btree ("property_id","reason_id");--> statement-breakpoint
CREATE POLICY "banned_vehicles_isolation" ON "banned_vehicles" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));