CREATE TABLE "email_send_recipients" (
	"property_id" bigint NOT NULL,
	"send_id" bigint NOT NULL,
	"resident_id" bigint NOT NULL,
	"email" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"language" varchar(5) NOT NULL,
	"unit" varchar(500) DEFAULT '' NOT NULL,
	"building" varchar(500) DEFAULT '' NOT NULL,
	"state" varchar(12) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_send_recipients_property_id_send_id_resident_id_pk" PRIMARY KEY("property_id","send_id","resident_id")
);
--> statement-breakpoint
ALTER TABLE "email_send_recipients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "email_sends" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "email_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" varchar(12) DEFAULT 'queued' NOT NULL,
	"subject" varchar(255) NOT NULL,
	"texts" jsonb NOT NULL,
	"filters" jsonb NOT NULL,
	"attachments" jsonb NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"created_by" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "email_sends_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "email_sends" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "mail_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_send_recipients" ADD CONSTRAINT "email_send_recipients_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_send_recipients_state_idx" ON "email_send_recipients" USING btree ("property_id","send_id","state");--> statement-breakpoint
CREATE POLICY "email_send_recipients_isolation" ON "email_send_recipients" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "email_sends_isolation" ON "email_sends" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));