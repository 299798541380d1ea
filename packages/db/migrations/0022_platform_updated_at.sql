ALTER TABLE "customers" ADD COLUMN "platform_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "platform_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_webhooks" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "platform_webhooks" ADD COLUMN "answer" text;--> statement-breakpoint
CREATE INDEX "platform_webhooks_waiting_idx" ON "platform_webhooks" USING btree ("shop_id","received_at") WHERE "platform_webhooks"."processed_at" is null;