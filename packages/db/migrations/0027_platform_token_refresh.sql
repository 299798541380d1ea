ALTER TABLE "platform_connections" ADD COLUMN "sealed_refresh_token" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_claims" ADD COLUMN "sealed_refresh_token" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_claims" ADD COLUMN "token_expires_at" timestamp with time zone;