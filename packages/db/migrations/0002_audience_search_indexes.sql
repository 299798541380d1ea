DROP INDEX "subscribers_shop_phone_idx";--> statement-breakpoint
CREATE INDEX "subscribers_shop_email_prefix_idx" ON "subscribers" USING btree ("shop_id","email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "subscribers_shop_id_idx" ON "subscribers" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "subscribers_shop_last_order_idx" ON "subscribers" USING btree ("shop_id","last_order_at");--> statement-breakpoint
CREATE INDEX "subscribers_shop_phone_idx" ON "subscribers" USING btree ("shop_id","phone" text_pattern_ops);