CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(10) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"order_id" integer,
	"order_no" varchar(64),
	"verified" boolean DEFAULT false NOT NULL,
	"outcome" varchar(12) NOT NULL,
	"reason" varchar(300),
	"headers" jsonb,
	"body" text NOT NULL,
	"content" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trade_no" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "granted_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "issue" varchar(200);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_no" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_notifications_created_idx" ON "payment_notifications" USING btree ("created_at" DESC NULLS FIRST);
