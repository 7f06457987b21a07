ALTER TABLE "essays" ADD COLUMN "import_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "source_notes" jsonb;