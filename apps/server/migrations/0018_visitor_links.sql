CREATE TABLE "visitor_links" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "visitor_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(20) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"visitor_id" bigint,
	"created_by" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_links_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "visitor_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "source" varchar(20) DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_links" ADD CONSTRAINT "visitor_links_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_links" ADD CONSTRAINT "visitor_links_visitor_fk" FOREIGN KEY ("property_id","visitor_id") REFERENCES "public"."visitors"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_links_token_unique" ON "visitor_links" USING btree ("property_id","token_hash");--> statement-breakpoint
CREATE INDEX "visitor_links_visitor_idx" ON "visitor_links" USING btree ("property_id","visitor_id");--> statement-breakpoint
CREATE POLICY "visitor_links_isolation" ON "visitor_links" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));