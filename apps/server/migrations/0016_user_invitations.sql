CREATE TABLE "user_invitations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"area" varchar(10) NOT NULL,
	"property_id" bigint,
	"user_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"sent_by" bigint,
	"sent_by_type" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "user_invitations_token_hash_unique" ON "user_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_invitations_user_idx" ON "user_invitations" USING btree ("property_id","area","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "central_users_username_unique" ON "central_users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_users_username_unique" ON "tenant_users" USING btree ("property_id",lower("username"));--> statement-breakpoint
CREATE POLICY "user_invitations_isolation" ON "user_invitations" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));