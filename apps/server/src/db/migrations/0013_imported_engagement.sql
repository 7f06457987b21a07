CREATE TABLE "imported_engagement" (
	"essay_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "imported_engagement_essay_id_at_pk" PRIMARY KEY("essay_id","at")
);
--> statement-breakpoint
ALTER TABLE "imported_engagement" ADD CONSTRAINT "imported_engagement_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imported_engagement_at_idx" ON "imported_engagement" USING btree ("at");