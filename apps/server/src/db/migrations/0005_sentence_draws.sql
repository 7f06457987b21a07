CREATE TABLE "sentence_draws" (
	"viewer" varchar(80) PRIMARY KEY NOT NULL,
	"recent" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
