CREATE TABLE "challenge_entries" (
	"challenge_id" integer NOT NULL,
	"essay_id" integer NOT NULL,
	"votes" integer NOT NULL,
	"rank" integer NOT NULL,
	"winner" boolean DEFAULT false NOT NULL,
	CONSTRAINT "challenge_entries_challenge_id_essay_id_pk" PRIMARY KEY("challenge_id","essay_id")
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"original_id" integer NOT NULL,
	"prompt" varchar(300) NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_original_id_essays_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_entries_rank_idx" ON "challenge_entries" USING btree ("challenge_id","rank");--> statement-breakpoint
CREATE INDEX "challenges_opens_idx" ON "challenges" USING btree ("opens_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "challenges_due_idx" ON "challenges" USING btree ("closes_at") WHERE "challenges"."closed_at" is null;