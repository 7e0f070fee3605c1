CREATE TABLE "login_challenges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"area" varchar(10) NOT NULL,
	"property_id" bigint,
	"user_id" bigint NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_challenges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"require_two_factor_central" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_one_row" CHECK ("system_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "central_users" ADD COLUMN "two_factor_secret" text;--> statement-breakpoint
ALTER TABLE "central_users" ADD COLUMN "two_factor_pending_secret" text;--> statement-breakpoint
ALTER TABLE "central_users" ADD COLUMN "two_factor_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "central_users" ADD COLUMN "two_factor_last_step" bigint;--> statement-breakpoint
ALTER TABLE "central_users" ADD COLUMN "two_factor_recovery_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD COLUMN "two_factor_secret" text;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD COLUMN "two_factor_pending_secret" text;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD COLUMN "two_factor_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD COLUMN "two_factor_last_step" bigint;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD COLUMN "two_factor_recovery_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_token_hash_unique" ON "login_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" USING btree ("property_id","area","user_id");--> statement-breakpoint
CREATE POLICY "login_challenges_isolation" ON "login_challenges" AS PERMISSIVE FOR ALL TO public USING ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central')) WITH CHECK ((property_id = (select nullif(current_setting('app.property_id', true), '')::bigint) or (select current_setting('app.scope', true)) = 'central'));