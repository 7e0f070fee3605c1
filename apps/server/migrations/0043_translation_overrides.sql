CREATE TABLE "translation_overrides" (
	"key" varchar(191) NOT NULL,
	"language_code" varchar(5) NOT NULL,
	"value" text NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_overrides_key_language_code_pk" PRIMARY KEY("key","language_code")
);
--> statement-breakpoint
CREATE TABLE "translation_revision" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_revision_one_row" CHECK ("translation_revision"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "translation_overrides" ADD CONSTRAINT "translation_overrides_language_code_language_codes_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."language_codes"("code") ON DELETE no action ON UPDATE no action;