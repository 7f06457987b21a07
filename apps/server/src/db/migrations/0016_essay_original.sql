ALTER TABLE "essays" ADD COLUMN "original" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Texts posted with no author, work or source line were the writer's own words; imported texts and every quote stay 摘录.
UPDATE "essays" SET "original" = true WHERE "import_key" IS NULL AND "work_author" IS NULL AND "work_title" IS NULL AND coalesce("source", '') = '';
