CREATE TABLE "jobs_done" (
	"id" uuid PRIMARY KEY NOT NULL,
	"queue" varchar(64) NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "swept_at" timestamp with time zone;