CREATE TABLE "channel_shop_tokens" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"shop_domain" text NOT NULL,
	"sealed_storefront_token" text DEFAULT '' NOT NULL,
	"sealed_admin_token" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"platform" text NOT NULL,
	"shop_domain" text NOT NULL,
	"sealed_token" text NOT NULL,
	"scopes" text DEFAULT '' NOT NULL,
	"details" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_claims_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "channel_shop_tokens" ADD CONSTRAINT "channel_shop_tokens_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_claims_expires_idx" ON "platform_claims" USING btree ("expires_at");