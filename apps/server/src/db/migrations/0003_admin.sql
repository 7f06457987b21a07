CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"target_type" varchar(10) NOT NULL,
	"target_id" integer NOT NULL,
	"reason" varchar(30) NOT NULL,
	"detail" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolution" varchar(200),
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_type" varchar(30);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_id" varchar(40);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "status_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "hidden_by_ban" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_uq" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id","status");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");