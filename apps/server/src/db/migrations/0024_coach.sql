CREATE TABLE "imitation_scores" (
	"essay_id" integer PRIMARY KEY NOT NULL,
	"clauses" integer NOT NULL,
	"count_matched" integer NOT NULL,
	"tones" jsonb,
	"rhyme" jsonb,
	"parallel" jsonb,
	"public" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imitation_scores" ADD CONSTRAINT "imitation_scores_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;