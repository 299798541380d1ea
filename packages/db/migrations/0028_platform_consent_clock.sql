ALTER TABLE "customers" ADD COLUMN "email_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_syncs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;