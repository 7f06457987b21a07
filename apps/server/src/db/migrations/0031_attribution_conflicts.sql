CREATE TABLE "attribution_conflict_members" (
	"essay_id" integer PRIMARY KEY NOT NULL,
	"conflict_id" integer NOT NULL,
	"author" varchar(40) NOT NULL,
	"author_key" varchar(40) NOT NULL,
	"imported" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribution_conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" varchar(8) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"right_essay_id" integer,
	"right_author" varchar(40),
	"note" varchar(200),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_cursors" (
	"name" varchar(60) PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attribution_conflict_members" ADD CONSTRAINT "attribution_conflict_members_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_conflict_members" ADD CONSTRAINT "attribution_conflict_members_conflict_id_attribution_conflicts_id_fk" FOREIGN KEY ("conflict_id") REFERENCES "public"."attribution_conflicts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribution_conflict_members_conflict_idx" ON "attribution_conflict_members" USING btree ("conflict_id");--> statement-breakpoint
CREATE INDEX "attribution_conflicts_queue_idx" ON "attribution_conflicts" USING btree ("scope","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);