CREATE TABLE "ranking_entries" (
	"period" varchar(5) NOT NULL,
	"essay_id" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"classification_id" integer,
	"engagement" double precision NOT NULL,
	"score" double precision NOT NULL,
	CONSTRAINT "ranking_entries_period_essay_id_pk" PRIMARY KEY("period","essay_id")
);
--> statement-breakpoint
ALTER TABLE "ranking_entries" ADD CONSTRAINT "ranking_entries_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ranking_entries_order_idx" ON "ranking_entries" USING btree ("period","score" DESC NULLS FIRST,"essay_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ranking_entries_class_idx" ON "ranking_entries" USING btree ("period","classification_id","score" DESC NULLS FIRST,"essay_id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "essay_tags" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "essay_tags" ADD COLUMN "hot_score" double precision;--> statement-breakpoint
ALTER TABLE "essay_tags" ADD COLUMN "likes" integer;--> statement-breakpoint
-- Once, to move to the hot order of docs/decisions/0007 (log10 engagement + publish time in days since 2026-01-01,
-- engagement weights of docs/rules.md#ranked-order); from here on each write that moves a text's counters sets its score, and no job does.
UPDATE "essays" SET "hot_score" = log("likes" * 3 + "collects" * 4 + "comments" * 2 + "imitations" * 3 + "views" * 0.05 + 1)::float8
  + (extract(epoch from coalesce("published_at", "created_at"))::float8 - 1767225600) / 86400;--> statement-breakpoint
UPDATE "essay_tags" et SET "published_at" = e."published_at", "hot_score" = e."hot_score", "likes" = e."likes"
  FROM "essays" e WHERE e."id" = et."essay_id" AND e."status" = 'published';--> statement-breakpoint
-- The sort keys on essay_tags are copies of the text's while it is published: set when a tag is attached...
CREATE FUNCTION "essay_tags_copy_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e."published_at", e."hot_score", e."likes" INTO NEW."published_at", NEW."hot_score", NEW."likes"
    FROM "essays" e WHERE e."id" = NEW."essay_id" AND e."status" = 'published';
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "essay_tags_copy_keys" BEFORE INSERT ON "essay_tags" FOR EACH ROW EXECUTE FUNCTION "essay_tags_copy_keys"();--> statement-breakpoint
-- ...and followed whenever a write changes them on the text, whichever code path (or hand) made it.
CREATE FUNCTION "essays_follow_tag_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "essay_tags" SET
    "published_at" = CASE WHEN NEW."status" = 'published' THEN NEW."published_at" END,
    "hot_score" = CASE WHEN NEW."status" = 'published' THEN NEW."hot_score" END,
    "likes" = CASE WHEN NEW."status" = 'published' THEN NEW."likes" END
  WHERE "essay_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "essays_follow_tag_keys" AFTER UPDATE OF "status", "published_at", "hot_score", "likes" ON "essays" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."published_at" IS DISTINCT FROM NEW."published_at"
    OR OLD."hot_score" IS DISTINCT FROM NEW."hot_score" OR OLD."likes" IS DISTINCT FROM NEW."likes")
  EXECUTE FUNCTION "essays_follow_tag_keys"();--> statement-breakpoint
CREATE INDEX "essay_tags_new_idx" ON "essay_tags" USING btree ("tag_id","published_at" DESC NULLS FIRST,"essay_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essay_tags_hot_idx" ON "essay_tags" USING btree ("tag_id","hot_score" DESC NULLS FIRST,"essay_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essay_tags_likes_idx" ON "essay_tags" USING btree ("tag_id","likes" DESC NULLS FIRST,"essay_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_class_hot_idx" ON "essays" USING btree ("classification_id","status","hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_class_likes_idx" ON "essays" USING btree ("classification_id","status","likes" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_type_published_idx" ON "essays" USING btree ("type","status","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_type_hot_idx" ON "essays" USING btree ("type","status","hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_type_likes_idx" ON "essays" USING btree ("type","status","likes" DESC NULLS FIRST,"id" DESC NULLS FIRST);
