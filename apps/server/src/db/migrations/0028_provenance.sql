CREATE TABLE "attribution_confirmations" (
	"evidence_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attribution_confirmations_evidence_id_user_id_pk" PRIMARY KEY("evidence_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "attribution_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"essay_id" integer NOT NULL,
	"user_id" integer,
	"stance" varchar(8) NOT NULL,
	"source" jsonb NOT NULL,
	"note" text NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputed_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote" text NOT NULL,
	"attributed_to" varchar(40) NOT NULL,
	"note" text NOT NULL,
	"source" jsonb NOT NULL,
	"essay_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "citation" jsonb;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "attribution_status" varchar(10) DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "attribution_note" varchar(200);--> statement-breakpoint
ALTER TABLE "attribution_confirmations" ADD CONSTRAINT "attribution_confirmations_evidence_id_attribution_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."attribution_evidence"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_confirmations" ADD CONSTRAINT "attribution_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_evidence" ADD CONSTRAINT "attribution_evidence_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_evidence" ADD CONSTRAINT "attribution_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputed_lines" ADD CONSTRAINT "disputed_lines_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputed_lines" ADD CONSTRAINT "disputed_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribution_confirmations_user_idx" ON "attribution_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "attribution_evidence_essay_idx" ON "attribution_evidence" USING btree ("essay_id","created_at");--> statement-breakpoint
CREATE INDEX "attribution_evidence_user_idx" ON "attribution_evidence" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "disputed_lines_created_idx" ON "disputed_lines" USING btree ("created_at" DESC NULLS FIRST);