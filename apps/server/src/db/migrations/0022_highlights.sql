CREATE TABLE "highlight_passage_readers" (
	"essay_id" integer NOT NULL,
	"sentence" integer NOT NULL,
	"user_id" integer NOT NULL,
	"highlights" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "highlight_passage_readers_essay_id_sentence_user_id_pk" PRIMARY KEY("essay_id","sentence","user_id")
);
--> statement-breakpoint
CREATE TABLE "highlight_passages" (
	"essay_id" integer NOT NULL,
	"sentence" integer NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"quote" text NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "highlight_passages_essay_id_sentence_pk" PRIMARY KEY("essay_id","sentence")
);
--> statement-breakpoint
CREATE TABLE "highlights" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"essay_id" integer NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"quote" text NOT NULL,
	"anchor_lost" boolean DEFAULT false NOT NULL,
	"thought" text,
	"thought_public" boolean DEFAULT false NOT NULL,
	"thought_hidden_at" timestamp with time zone,
	"thought_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "highlight_passage_readers" ADD CONSTRAINT "highlight_passage_readers_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlight_passage_readers" ADD CONSTRAINT "highlight_passage_readers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlight_passages" ADD CONSTRAINT "highlight_passages_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlights" ADD CONSTRAINT "highlights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlights" ADD CONSTRAINT "highlights_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "highlight_passage_readers_user_idx" ON "highlight_passage_readers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "highlight_passages_top_idx" ON "highlight_passages" USING btree ("essay_id","readers" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "highlights_user_essay_idx" ON "highlights" USING btree ("user_id","essay_id","start");--> statement-breakpoint
CREATE INDEX "highlights_user_created_idx" ON "highlights" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "highlights_essay_idx" ON "highlights" USING btree ("essay_id");--> statement-breakpoint
CREATE INDEX "highlights_public_thought_idx" ON "highlights" USING btree ("essay_id","start") WHERE "highlights"."thought_public" and "highlights"."thought_hidden_at" is null;--> statement-breakpoint
CREATE INDEX "highlights_latest_thought_idx" ON "highlights" USING btree ("essay_id","thought_at" DESC NULLS FIRST) WHERE "highlights"."thought_public" and "highlights"."thought_hidden_at" is null;