CREATE TABLE "mutes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"tag_id" integer,
	"classification_id" integer,
	"muted_user_id" integer,
	"author_name" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_classification_id_classifications_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."classifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_muted_user_id_users_id_fk" FOREIGN KEY ("muted_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mutes_tag_uq" ON "mutes" USING btree ("user_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mutes_classification_uq" ON "mutes" USING btree ("user_id","classification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mutes_user_uq" ON "mutes" USING btree ("user_id","muted_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mutes_author_uq" ON "mutes" USING btree ("user_id","author_name");--> statement-breakpoint
CREATE INDEX "mutes_list_idx" ON "mutes" USING btree ("user_id","created_at");