CREATE TABLE "campaign_draw_claims" (
	"shop_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"identity_key" text NOT NULL,
	"draw_id" uuid NOT NULL,
	CONSTRAINT "campaign_draw_claims_campaign_id_period_key_identity_key_pk" PRIMARY KEY("campaign_id","period_key","identity_key")
);
--> statement-breakpoint
CREATE TABLE "campaign_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"prize_id" uuid,
	"prize_kind" text NOT NULL,
	"visitor_id" text NOT NULL,
	"email" text,
	"phone" text,
	"coupon_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_prizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" jsonb NOT NULL,
	"coupon_preset_id" uuid,
	"weight" integer NOT NULL,
	"stock" integer,
	"stock_left" integer,
	"won" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"form" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"settings" jsonb NOT NULL,
	"draw_identity" text,
	"draw_period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_draw_claims" ADD CONSTRAINT "campaign_draw_claims_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_draw_claims" ADD CONSTRAINT "campaign_draw_claims_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_draws" ADD CONSTRAINT "campaign_draws_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_draws" ADD CONSTRAINT "campaign_draws_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_draws" ADD CONSTRAINT "campaign_draws_prize_id_campaign_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."campaign_prizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_links" ADD CONSTRAINT "campaign_links_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_links" ADD CONSTRAINT "campaign_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_prizes" ADD CONSTRAINT "campaign_prizes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_prizes" ADD CONSTRAINT "campaign_prizes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_draws_campaign_idx" ON "campaign_draws" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_draws_code_uq" ON "campaign_draws" USING btree ("shop_id","coupon_code") WHERE "campaign_draws"."coupon_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_links_uq" ON "campaign_links" USING btree ("campaign_id","kind","target_id");--> statement-breakpoint
CREATE INDEX "campaign_links_shop_idx" ON "campaign_links" USING btree ("shop_id","kind","target_id");--> statement-breakpoint
CREATE INDEX "campaign_prizes_campaign_idx" ON "campaign_prizes" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "campaigns_shop_idx" ON "campaigns" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_shop_status_idx" ON "campaigns" USING btree ("shop_id","status");