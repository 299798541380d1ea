CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"strategy_id" uuid NOT NULL,
	"subscriber_id" bigint,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"complained_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text DEFAULT 'segment' NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"segment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"utm" jsonb NOT NULL,
	"coupon_id" text,
	"content" jsonb,
	"send_mode" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"locale" text DEFAULT 'zh-CN' NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_links" (
	"shop_id" uuid NOT NULL,
	"strategy_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "strategy_links_strategy_id_idx_pk" PRIMARY KEY("strategy_id","idx")
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_links" ADD CONSTRAINT "strategy_links_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_links" ADD CONSTRAINT "strategy_links_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_strategy_subscriber_uq" ON "deliveries" USING btree ("strategy_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "deliveries_claim_idx" ON "deliveries" USING btree ("strategy_id","next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "deliveries_inflight_idx" ON "deliveries" USING btree ("strategy_id","lease_until") WHERE status = 'sending';--> statement-breakpoint
CREATE INDEX "deliveries_subscriber_idx" ON "deliveries" USING btree ("subscriber_id","strategy_id");--> statement-breakpoint
CREATE INDEX "strategies_shop_kind_idx" ON "strategies" USING btree ("shop_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "strategies_status_idx" ON "strategies" USING btree ("status");