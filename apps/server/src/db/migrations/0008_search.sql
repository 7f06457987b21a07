CREATE TABLE "search_counts" (
	"query" varchar(50) PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "work_author" varchar(40);--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "dynasty" varchar(10);--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "work_title" varchar(100);--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "search_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_counts_count_idx" ON "search_counts" USING btree ("count" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_work_author_idx" ON "essays" USING btree ("work_author","status");--> statement-breakpoint
-- Hand-written: existing texts get their author and work from the source line (李白《静夜思》); the search vectors
-- with titles, authors and pinyin are rewritten by `npm run import -- --reindex` (search_version stays 0 until then).
UPDATE "essays" SET
	"work_author" = nullif(left(btrim(substring("source" from '^([^《》]*)《')), 40), ''),
	"work_title" = nullif(left(btrim(substring("source" from '《([^《》]+)》')), 100), '')
WHERE "source" LIKE '%《%》%';
