CREATE TABLE "consent_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"subscriber_id" bigint NOT NULL,
	"popup_id" uuid,
	"popup_name" text NOT NULL,
	"channel" text NOT NULL,
	"wording" text NOT NULL,
	"language" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"page_url" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popup_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"popup_id" uuid,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"visitor_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "popup_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "popup_daily_stats" (
	"popup_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"sign_ups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "popup_daily_stats_popup_id_day_pk" PRIMARY KEY("popup_id","day")
);
--> statement-breakpoint
CREATE TABLE "popup_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"builtin_key" text,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"target" text NOT NULL,
	"activity" text NOT NULL,
	"theme" text NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "popup_templates_builtin_key_unique" UNIQUE("builtin_key")
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"template_id" uuid,
	"enabled" boolean DEFAULT false NOT NULL,
	"double_opt_in" boolean DEFAULT false NOT NULL,
	"content" jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"shop_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"subscriber_id" bigint,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitors_shop_id_visitor_id_pk" PRIMARY KEY("shop_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "subscriber_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "public_key" text DEFAULT 'pk_' || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_popup_id_popups_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."popups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_confirmations" ADD CONSTRAINT "popup_confirmations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_confirmations" ADD CONSTRAINT "popup_confirmations_popup_id_popups_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."popups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_daily_stats" ADD CONSTRAINT "popup_daily_stats_popup_id_popups_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."popups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_daily_stats" ADD CONSTRAINT "popup_daily_stats_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popups" ADD CONSTRAINT "popups_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_subscriber_idx" ON "consent_records" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE INDEX "popup_confirmations_shop_email_idx" ON "popup_confirmations" USING btree ("shop_id","email");--> statement-breakpoint
CREATE INDEX "popup_daily_stats_shop_idx" ON "popup_daily_stats" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "popup_templates_status_sort_idx" ON "popup_templates" USING btree ("status","sort");--> statement-breakpoint
CREATE INDEX "popups_shop_idx" ON "popups" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "popups_shop_main_uq" ON "popups" USING btree ("shop_id") WHERE "popups"."kind" = 'main';--> statement-breakpoint
CREATE INDEX "events_shop_visitor_idx" ON "events" USING btree ("shop_id","visitor_id") WHERE "events"."visitor_id" is not null and "events"."subscriber_id" is null;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_public_key_unique" UNIQUE("public_key");