CREATE TABLE "authors" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"dynasty" varchar(10),
	"works" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "essays_work_author_idx";--> statement-breakpoint
CREATE INDEX "essays_work_author_idx" ON "essays" USING btree ("work_author","status",("likes" * 3 + "collects" * 4 + "comments" * 2 + "imitations" * 3 + "views" * 0.05) desc nulls first,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The cited authors and their counts, from what is published now; from here on the triggers below keep them.
INSERT INTO "authors" ("name", "dynasty", "works")
  SELECT "work_author", max("dynasty"), count(*)::int FROM "essays"
  WHERE "status" = 'published' AND "work_author" IS NOT NULL GROUP BY "work_author";--> statement-breakpoint
-- Inserted texts are counted per statement: an import batch of 500 texts is one upsert of its authors (in name
-- order, so two writers never wait on each other's rows crosswise).
CREATE FUNCTION "authors_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "authors" ("name", "dynasty", "works")
    SELECT "work_author", max("dynasty"), count(*)::int FROM "inserted"
    WHERE "status" = 'published' AND "work_author" IS NOT NULL GROUP BY "work_author" ORDER BY "work_author"
  ON CONFLICT ("name") DO UPDATE SET "works" = "authors"."works" + excluded."works",
    "dynasty" = coalesce("authors"."dynasty", excluded."dynasty");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "essays_authors_insert" AFTER INSERT ON "essays" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "authors_count_inserted"();--> statement-breakpoint
CREATE FUNCTION "authors_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "authors" a SET "works" = greatest(a."works" - d."n", 0)
    FROM (SELECT "work_author", count(*)::int AS "n" FROM "deleted"
      WHERE "status" = 'published' AND "work_author" IS NOT NULL GROUP BY "work_author") d
    WHERE a."name" = d."work_author";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "essays_authors_delete" AFTER DELETE ON "essays" REFERENCING OLD TABLE AS "deleted"
  FOR EACH STATEMENT EXECUTE FUNCTION "authors_count_deleted"();--> statement-breakpoint
-- A text entering or leaving the published texts, or changing whom it cites, whichever path wrote it (publish,
-- withdraw, review, hide, ban, delete, an edit of its source, a reindex).
CREATE FUNCTION "authors_follow_essay"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'published' AND OLD."work_author" IS NOT NULL THEN
    UPDATE "authors" SET "works" = greatest("works" - 1, 0) WHERE "name" = OLD."work_author";
  END IF;
  IF NEW."status" = 'published' AND NEW."work_author" IS NOT NULL THEN
    INSERT INTO "authors" ("name", "dynasty", "works") VALUES (NEW."work_author", NEW."dynasty", 1)
    ON CONFLICT ("name") DO UPDATE SET "works" = "authors"."works" + 1, "dynasty" = coalesce("authors"."dynasty", excluded."dynasty");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "essays_authors_update" AFTER UPDATE OF "status", "work_author", "dynasty" ON "essays" FOR EACH ROW
  WHEN ((OLD."status" = 'published' OR NEW."status" = 'published') AND (OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."work_author" IS DISTINCT FROM NEW."work_author" OR OLD."dynasty" IS DISTINCT FROM NEW."dynasty"))
  EXECUTE FUNCTION "authors_follow_essay"();
