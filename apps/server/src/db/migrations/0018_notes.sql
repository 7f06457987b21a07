CREATE TABLE "note_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"editor_id" integer,
	"action" varchar(10) NOT NULL,
	"before" text,
	"after" text,
	"reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"essay_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"start" integer,
	"end" integer,
	"quote" text,
	"anchor_lost" boolean DEFAULT false NOT NULL,
	"commentator" varchar(40),
	"label" varchar(10),
	"content" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"origin" varchar(10) DEFAULT 'reader' NOT NULL,
	"writer_id" integer,
	"reviewer_id" integer,
	"reject_reason" varchar(200),
	"import_key" varchar(160),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "note_editor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "note_revisions" ADD CONSTRAINT "note_revisions_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_revisions" ADD CONSTRAINT "note_revisions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_revisions_note_idx" ON "note_revisions" USING btree ("note_id","created_at");--> statement-breakpoint
CREATE INDEX "note_revisions_editor_idx" ON "note_revisions" USING btree ("editor_id");--> statement-breakpoint
CREATE INDEX "notes_essay_idx" ON "notes" USING btree ("essay_id","status");--> statement-breakpoint
CREATE INDEX "notes_status_idx" ON "notes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "notes_writer_idx" ON "notes" USING btree ("writer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notes_import_key_uq" ON "notes" USING btree ("import_key");