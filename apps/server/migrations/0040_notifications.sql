CREATE TABLE "notification_reads" (
	"property_id" bigint NOT NULL,
	"notification_id" bigint NOT NULL,
	"user_type" varchar(20) NOT NULL,
	"user_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_property_id_notification_id_user_type_user_id_pk" PRIMARY KEY("property_id","notification_id","user_type","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification_reads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(40) NOT NULL,
	"user_type" varchar(20),
	"user_id" bigint,
	"record_id" bigint,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_type" varchar(20),
	"actor_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "resident_imports" ADD COLUMN "created_by_type" varchar(20);--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_fk" FOREIGN KEY ("property_id","notification_id") REFERENCES "public"."notifications"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_type","user_id","created_at") WHERE user_id is not null;--> statement-breakpoint
CREATE POLICY "notification_reads_isolation" ON "notification_reads" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));--> statement-breakpoint
CREATE POLICY "notifications_isolation" ON "notifications" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));