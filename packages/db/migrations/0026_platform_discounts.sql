CREATE TABLE "platform_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"code" text NOT NULL,
	"discount" double precision NOT NULL,
	"platform_id" text,
	"status" text NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_codes" text[];--> statement-breakpoint
ALTER TABLE "platform_discounts" ADD CONSTRAINT "platform_discounts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_discounts_code_uq" ON "platform_discounts" USING btree ("shop_id","platform","code");--> statement-breakpoint
CREATE INDEX "platform_discounts_retry_idx" ON "platform_discounts" USING btree ("status","retry_at");