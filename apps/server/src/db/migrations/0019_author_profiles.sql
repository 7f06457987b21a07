CREATE TABLE "author_profiles" (
	"name" varchar(40) NOT NULL,
	"dynasty" varchar(10) DEFAULT '' NOT NULL,
	"born" integer,
	"died" integer,
	"bio" text DEFAULT '' NOT NULL,
	"works" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "author_profiles_name_dynasty_pk" PRIMARY KEY("name","dynasty")
);
--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "provenance" varchar(60);--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "original_title" text;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "original_content" text;--> statement-breakpoint
CREATE INDEX "author_profiles_dynasty_idx" ON "author_profiles" USING btree ("dynasty","works" DESC NULLS FIRST,"name");--> statement-breakpoint
-- An author is a name in an era (decision 0020): the profiles of what is published now, then the triggers of
-- migration 0012 keep them with the name-keyed counts, per (work_author, dynasty), an era-less citation under ''.
INSERT INTO "author_profiles" ("name", "dynasty", "works")
  SELECT "work_author", coalesce("dynasty", ''), count(*)::int FROM "essays"
  WHERE "status" = 'published' AND "work_author" IS NOT NULL GROUP BY 1, 2;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "authors_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "authors" ("name", "dynasty", "works")
    SELECT "work_author", max("dynasty"), count(*)::int FROM "inserted"
    WHERE "status" = 'published' AND "work_author" IS NOT NULL GROUP BY "work_author" ORDER BY "work_author"
  ON CONFLICT ("name") DO UPDATE SET "works" = "authors"."works" + excluded."works",
    "dynasty" = coalesce("authors"."dynasty", excluded."dynasty");
  INSERT INTO "author_profiles" ("name", "dynasty", "works")
    SELECT "work_author", coalesce("dynasty", ''), count(*)::int FROM "inserted"
    WHERE "status" = 'published' AND "work_author" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("name", "dynasty") DO UPDATE SET "works" = "author_profiles"."works" + excluded."works";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "authors_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "authors" a SET "works" = greatest(a."works" - d."n", 0)
    FROM (SELECT "work_author", count(*)::int AS "n" FROM "deleted"
      WHERE "status" = 'published' AND "work_author" IS NOT NULL GROUP BY "work_author") d
    WHERE a."name" = d."work_author";
  UPDATE "author_profiles" p SET "works" = greatest(p."works" - d."n", 0)
    FROM (SELECT "work_author", coalesce("dynasty", '') AS "dynasty", count(*)::int AS "n" FROM "deleted"
      WHERE "status" = 'published' AND "work_author" IS NOT NULL GROUP BY 1, 2) d
    WHERE p."name" = d."work_author" AND p."dynasty" = d."dynasty";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "authors_follow_essay"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'published' AND OLD."work_author" IS NOT NULL THEN
    UPDATE "authors" SET "works" = greatest("works" - 1, 0) WHERE "name" = OLD."work_author";
    UPDATE "author_profiles" SET "works" = greatest("works" - 1, 0)
      WHERE "name" = OLD."work_author" AND "dynasty" = coalesce(OLD."dynasty", '');
  END IF;
  IF NEW."status" = 'published' AND NEW."work_author" IS NOT NULL THEN
    INSERT INTO "authors" ("name", "dynasty", "works") VALUES (NEW."work_author", NEW."dynasty", 1)
    ON CONFLICT ("name") DO UPDATE SET "works" = "authors"."works" + 1, "dynasty" = coalesce("authors"."dynasty", excluded."dynasty");
    INSERT INTO "author_profiles" ("name", "dynasty", "works") VALUES (NEW."work_author", coalesce(NEW."dynasty", ''), 1)
    ON CONFLICT ("name", "dynasty") DO UPDATE SET "works" = "author_profiles"."works" + 1;
  END IF;
  RETURN NULL;
END $$;
