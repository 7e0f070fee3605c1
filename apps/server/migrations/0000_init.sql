CREATE TABLE "properties" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" varchar(63) NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(20) DEFAULT 'house' NOT NULL,
	"zipcode" varchar(10),
	"city" varchar(120),
	"state" varchar(120),
	"country" varchar(120) DEFAULT 'US',
	"county" varchar(120),
	"address" varchar(255),
	"timezone" varchar(64) DEFAULT 'America/New_York' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"access_domain" varchar(255),
	"visitor_domain" varchar(255),
	"languages" text[] DEFAULT '{en,es,zh}'::text[] NOT NULL,
	"mail_from_address" varchar(255),
	"mail_username" varchar(255),
	"mail_password_encrypted" text,
	"mail_host" varchar(255),
	"mail_port" integer,
	"logo_file_id" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"description" varchar(255),
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "central_users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "central_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" varchar(64),
	"full_name" varchar(255) NOT NULL,
	"email" varchar(255),
	"phone" varchar(16),
	"password_hash" text NOT NULL,
	"role_id" bigint,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"recovery_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_users" (
	"property_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tenant_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" varchar(20) DEFAULT 'tenant-user' NOT NULL,
	"username" varchar(64),
	"full_name" varchar(255) NOT NULL,
	"email" varchar(255),
	"phone" varchar(16),
	"password_hash" text NOT NULL,
	"role_id" bigint,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"recovery_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_users_property_id_id_pk" PRIMARY KEY("property_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenant_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"area" varchar(10) NOT NULL,
	"property_id" bigint,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"area" varchar(10) NOT NULL,
	"property_id" bigint,
	"user_id" bigint NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "binnacle" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "binnacle_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"property_id" bigint,
	"area" varchar(10) NOT NULL,
	"user_type" varchar(20),
	"user_id" bigint,
	"user_name" varchar(255),
	"entity" varchar(64) NOT NULL,
	"entity_id" varchar(64),
	"action" varchar(64) NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"request_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "binnacle" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "language_codes" (
	"code" varchar(5) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"native_name" varchar(64) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"key" varchar(191) NOT NULL,
	"language_code" varchar(5) NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_key_language_code_pk" PRIMARY KEY("key","language_code")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"property_id" bigint,
	"entity" varchar(64) NOT NULL,
	"entity_id" varchar(64),
	"original_name" varchar(255) NOT NULL,
	"extension" varchar(10) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"property_id" bigint,
	"to" varchar(255) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"kind" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"smtp_response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "central_users" ADD CONSTRAINT "central_users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD CONSTRAINT "tenant_users_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD CONSTRAINT "tenant_users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binnacle" ADD CONSTRAINT "binnacle_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_language_code_language_codes_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."language_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "properties_code_unique" ON "properties" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "properties_access_domain_unique" ON "properties" USING btree (lower("access_domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "properties_visitor_domain_unique" ON "properties" USING btree (lower("visitor_domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "central_users_email_unique" ON "central_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "central_users_phone_unique" ON "central_users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_users_email_unique" ON "tenant_users" USING btree ("property_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_users_phone_unique" ON "tenant_users" USING btree ("property_id","phone");--> statement-breakpoint
CREATE INDEX "tenant_users_type_idx" ON "tenant_users" USING btree ("property_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("area","property_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("area","property_id","user_id");--> statement-breakpoint
CREATE INDEX "binnacle_property_created_idx" ON "binnacle" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "binnacle_property_entity_idx" ON "binnacle" USING btree ("property_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "files_property_entity_idx" ON "files" USING btree ("property_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_property_status_idx" ON "mail_outbox" USING btree ("property_id","status","created_at");--> statement-breakpoint
CREATE POLICY "tenant_users_isolation" ON "tenant_users" AS PERMISSIVE FOR ALL TO public USING ((property_id = nullif(current_setting('app.property_id', true), '')::bigint or current_setting('app.scope', true) = 'central')) WITH CHECK ((property_id = nullif(current_setting('app.property_id', true), '')::bigint or current_setting('app.scope', true) = 'central'));--> statement-breakpoint
CREATE POLICY "binnacle_isolation" ON "binnacle" AS PERMISSIVE FOR ALL TO public USING ((property_id = nullif(current_setting('app.property_id', true), '')::bigint or current_setting('app.scope', true) = 'central')) WITH CHECK ((property_id = nullif(current_setting('app.property_id', true), '')::bigint or current_setting('app.scope', true) = 'central'));--> statement-breakpoint
CREATE POLICY "files_isolation" ON "files" AS PERMISSIVE FOR ALL TO public USING ((property_id = nullif(current_setting('app.property_id', true), '')::bigint or current_setting('app.scope', true) = 'central')) WITH CHECK ((property_id = nullif(current_setting('app.property_id', true), '')::bigint or current_setting('app.scope', true) = 'central'));--> statement-breakpoint
CREATE POLICY "mail_outbox_isolation" ON "mail_outbox" AS PERMISSIVE FOR ALL TO public USING ((property_id = nullif(current_setting('app.property_id', true), '')::bigint or current_setting('app.scope', true) = 'central')) WITH CHECK ((property_id = nullif(current_setting('app.property_id', true), '')::bigint or current_setting('app.scope', true) = 'central'));