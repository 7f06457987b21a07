CREATE TABLE "collection_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"cover" varchar(500),
	"is_public" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_follows" (
	"user_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"notified_on" varchar(10),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_follows_user_id_folder_id_pk" PRIMARY KEY("user_id","folder_id")
);
--> statement-breakpoint
CREATE TABLE "collection_items" (
	"folder_id" integer NOT NULL,
	"essay_id" integer NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_folder_id_essay_id_pk" PRIMARY KEY("folder_id","essay_id")
);
--> statement-breakpoint
ALTER TABLE "collection_folders" ADD CONSTRAINT "collection_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_follows" ADD CONSTRAINT "collection_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_follows" ADD CONSTRAINT "collection_follows_folder_id_collection_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."collection_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_folder_id_collection_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."collection_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_essay_id_essays_id_fk" FOREIGN KEY ("essay_id") REFERENCES "public"."essays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_folders_user_idx" ON "collection_folders" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_folders_default_uq" ON "collection_folders" USING btree ("user_id") WHERE "collection_folders"."is_default";--> statement-breakpoint
CREATE INDEX "collection_follows_folder_idx" ON "collection_follows" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "collection_items_folder_idx" ON "collection_items" USING btree ("folder_id","position");--> statement-breakpoint
CREATE INDEX "collection_items_essay_idx" ON "collection_items" USING btree ("essay_id");--> statement-breakpoint
CREATE INDEX "collection_items_created_idx" ON "collection_items" USING btree ("folder_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
INSERT INTO "collection_folders" ("user_id", "name", "is_default", "is_public") SELECT DISTINCT "user_id", '默认收藏夹', true, true FROM "collects";--> statement-breakpoint
INSERT INTO "collection_items" ("folder_id", "essay_id", "position", "created_at") SELECT f."id", c."essay_id", -extract(epoch from c."created_at"), c."created_at" FROM "collects" c JOIN "collection_folders" f ON f."user_id" = c."user_id" AND f."is_default";--> statement-breakpoint
UPDATE "collection_folders" f SET "item_count" = (SELECT count(*) FROM "collection_items" i WHERE i."folder_id" = f."id");
