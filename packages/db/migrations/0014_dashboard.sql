CREATE TABLE "activity_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"user_id" uuid,
	"actor" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"target_type" text DEFAULT '' NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"target_name" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_audience_stats" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"subscribed" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_audience_stats_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
CREATE TABLE "daily_send_stats" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL,
	"complaints" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_send_stats_shop_id_day_channel_source_pk" PRIMARY KEY("shop_id","day","channel","source")
);
--> statement-breakpoint
CREATE TABLE "dashboard_goals" (
	"shop_id" uuid NOT NULL,
	"month" date NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"subscribers" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_goals_shop_id_month_pk" PRIMARY KEY("shop_id","month")
);
--> statement-breakpoint
CREATE TABLE "marketing_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"holiday" text DEFAULT '' NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"offer" text DEFAULT '' NOT NULL,
	"strength" text DEFAULT 'medium' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"strategy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_dirty_days" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "stats_dirty_days_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "kind" text DEFAULT 'subscribers' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_audience_stats" ADD CONSTRAINT "daily_audience_stats_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_send_stats" ADD CONSTRAINT "daily_send_stats_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_goals" ADD CONSTRAINT "dashboard_goals_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_plans" ADD CONSTRAINT "marketing_plans_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_dirty_days" ADD CONSTRAINT "stats_dirty_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_shop_time_idx" ON "activity_logs" USING btree ("shop_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "marketing_plans_shop_day_idx" ON "marketing_plans" USING btree ("shop_id","starts_on");