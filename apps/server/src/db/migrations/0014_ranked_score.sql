ALTER TABLE "essays" ADD COLUMN "like_weight" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "likes" ADD COLUMN "weight" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ranking_entries" ADD COLUMN "likers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ranking_entries" ADD COLUMN "viewers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "essays_type_imitation_idx" ON "essays" USING btree ("type","status",("imitations" * 4 + "hot_score") desc nulls first,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Every existing like and every imported like counts as established (weight 1); the ranked score is recomputed
-- once for every row (docs/decisions/0016): the Wilson lower bound (z = 1.96) of weighted likes over viewers,
-- less 1 below the minimum of 3 weighted likes. The essay_tags copies follow by their trigger.
UPDATE "essays" SET "like_weight" = "likes",
  "hot_score" = (CASE WHEN x.n <= 0 THEN 0
      ELSE (x.p + 3.8416 / (2 * x.n) - 1.96 * sqrt(greatest((x.p * (1 - x.p) + 3.8416 / (4 * x.n)) / x.n, 0))) / (1 + 3.8416 / x.n) END)
    - CASE WHEN "essays"."likes" >= 3 THEN 0 ELSE 1 END
FROM (SELECT "id", greatest("views", "likes")::float8 AS n,
        least(1::float8, "likes"::float8 / nullif(greatest("views", "likes"), 0)) AS p FROM "essays") x
WHERE x."id" = "essays"."id";
