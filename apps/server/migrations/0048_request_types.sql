CREATE TABLE "request_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100 CACHE 1),
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "request_types_code_unique" ON "request_types" USING btree (lower("code"));--> statement-breakpoint
-- The system types (SYSTEM_REQUEST_TYPES; the seed fills their other names on start), so that the requests made
-- with the fixed list before the catalog keep their type.
INSERT INTO "request_types" ("id", "code", "name", "position", "built_in") OVERRIDING SYSTEM VALUE VALUES
	(1, 'permit', 'Permit: new or change', 1, true),
	(2, 'spot', 'Spot or reservation change', 2, true),
	(3, 'visitor-limit', 'Visitor limit exception', 3, true),
	(4, 'document', 'A document', 4, true),
	(5, 'question', 'A question', 5, true),
	(6, 'other', 'Something else', 6, true)
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "requests" ALTER COLUMN "type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "type_id" bigint;--> statement-breakpoint
UPDATE "requests" SET "type_id" = COALESCE((SELECT t."id" FROM "request_types" t WHERE t."code" = "requests"."type"), 6);--> statement-breakpoint
ALTER TABLE "requests" ALTER COLUMN "type_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_type_id_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."request_types"("id") ON DELETE no action ON UPDATE no action;
