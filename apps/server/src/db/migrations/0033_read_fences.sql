CREATE TABLE "read_fences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
