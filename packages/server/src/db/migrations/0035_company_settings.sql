CREATE TABLE "company_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account_holder" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"bank_swift" text DEFAULT '' NOT NULL,
	"logo_file_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The one row, seeded with the defaults documents printed before (server platform/company.ts, DEFAULT_COMPANY).
INSERT INTO "company_settings" ("id", "name", "address", "contact", "created_at", "updated_at") VALUES (1, 'BPM Hardware Inc.', E'100 Industrial Way\nSan Jose, CA 95110\nUnited States', 'sales@bpm.example.com · +1 (555) 010-0100', extract(epoch from now())::bigint, extract(epoch from now())::bigint);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('company_settings', 'id'), 1);
