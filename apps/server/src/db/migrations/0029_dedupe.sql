CREATE TABLE "duplicate_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"essay_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"similarity" double precision NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "essay_aliases" (
	"import_key" varchar(120) PRIMARY KEY NOT NULL,
	"essay_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_signatures" (
	"essay_id" integer PRIMARY KEY NOT NULL,
	"normalized" text NOT NULL,
	"digest" varchar(32) NOT NULL,
	"han" integer NOT NULL,
	"bands" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "merged_into" integer;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_match_id_essays_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_aliases" ADD CONSTRAINT "essay_aliases_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_signatures" ADD CONSTRAINT "text_signatures_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_pairs_uq" ON "duplicate_pairs" USING btree ("essay_id","match_id");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_open_idx" ON "duplicate_pairs" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "duplicate_pairs_match_idx" ON "duplicate_pairs" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "text_signatures_digest_idx" ON "text_signatures" USING btree ("digest");--> statement-breakpoint
CREATE INDEX "text_signatures_bands_idx" ON "text_signatures" USING gin ("bands");--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_merged_into_essays_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."essays"("id") ON DELETE set null ON UPDATE no action;