DROP INDEX "ads_position_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "comments_essay_idx";--> statement-breakpoint
DROP INDEX "comments_root_idx";--> statement-breakpoint
DROP INDEX "essays_published_idx";--> statement-breakpoint
DROP INDEX "essays_class_published_idx";--> statement-breakpoint
DROP INDEX "essays_hot_idx";--> statement-breakpoint
DROP INDEX "essays_likes_idx";--> statement-breakpoint
DROP INDEX "essays_author_idx";--> statement-breakpoint
DROP INDEX "follows_followee_idx";--> statement-breakpoint
DROP INDEX "messages_user_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
CREATE INDEX "ads_position_idx" ON "ads" USING btree ("position","weight" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_essay_idx" ON "comments" USING btree ("essay_id","root_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_root_idx" ON "comments" USING btree ("root_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_published_idx" ON "essays" USING btree ("status","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_class_published_idx" ON "essays" USING btree ("classification_id","status","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_hot_idx" ON "essays" USING btree ("status","hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_likes_idx" ON "essays" USING btree ("status","likes" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "essays_author_idx" ON "essays" USING btree ("author_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST);