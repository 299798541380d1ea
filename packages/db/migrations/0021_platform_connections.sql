CREATE TABLE "platform_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"shop_domain" text NOT NULL,
	"sealed_token" text DEFAULT '' NOT NULL,
	"scopes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'authorized' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_webhooks" (
	"platform" text NOT NULL,
	"event_id" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"payload" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "platform_webhooks_platform_event_id_pk" PRIMARY KEY("platform","event_id")
);
--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_webhooks" ADD CONSTRAINT "platform_webhooks_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connections_domain_idx" ON "platform_connections" USING btree ("platform","shop_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connections_shop_idx" ON "platform_connections" USING btree ("shop_id","platform");