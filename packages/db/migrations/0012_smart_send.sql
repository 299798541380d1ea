CREATE TABLE "flow_run_steps" (
	"run_id" bigint NOT NULL,
	"step_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flow_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"subscriber_id" bigint NOT NULL,
	"trigger_key" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"step_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"end_reason" text,
	"entered_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"config" jsonb NOT NULL,
	"next_id" uuid,
	"other_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'off' NOT NULL,
	"draft" jsonb NOT NULL,
	"live_version_id" uuid,
	"ai_note" jsonb,
	"ai_changed_at" timestamp with time zone,
	"owner_changed_at" timestamp with time zone,
	"enabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_strategy_id_strategies_id_fk";
--> statement-breakpoint
ALTER TABLE "strategy_links" DROP CONSTRAINT "strategy_links_strategy_id_strategies_id_fk";
--> statement-breakpoint
DROP INDEX "deliveries_strategy_subscriber_uq";--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "automation" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "sms_status" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "sms_consent" jsonb;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "units" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "run_id" bigint;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "smart_sending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_run_steps" ADD CONSTRAINT "flow_run_steps_run_id_flow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."flow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_run_steps" ADD CONSTRAINT "flow_run_steps_step_id_flow_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."flow_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_run_steps" ADD CONSTRAINT "flow_run_steps_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_version_id_flow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."flow_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_steps" ADD CONSTRAINT "flow_steps_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_steps" ADD CONSTRAINT "flow_steps_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_steps" ADD CONSTRAINT "flow_steps_version_id_flow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."flow_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_run_steps_uq" ON "flow_run_steps" USING btree ("run_id","step_id");--> statement-breakpoint
CREATE INDEX "flow_run_steps_flow_idx" ON "flow_run_steps" USING btree ("shop_id","flow_id","step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_runs_trigger_uq" ON "flow_runs" USING btree ("flow_id","subscriber_id","trigger_key");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_runs_active_uq" ON "flow_runs" USING btree ("flow_id","subscriber_id") WHERE "flow_runs"."status" = 'active';--> statement-breakpoint
CREATE INDEX "flow_runs_due_idx" ON "flow_runs" USING btree ("due_at") WHERE "flow_runs"."status" = 'active';--> statement-breakpoint
CREATE INDEX "flow_runs_shop_flow_idx" ON "flow_runs" USING btree ("shop_id","flow_id","entered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_steps_version_key_uq" ON "flow_steps" USING btree ("version_id","key");--> statement-breakpoint
CREATE INDEX "flow_steps_shop_flow_idx" ON "flow_steps" USING btree ("shop_id","flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_versions_flow_number_uq" ON "flow_versions" USING btree ("flow_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "flows_shop_kind_uq" ON "flows" USING btree ("shop_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_run_step_uq" ON "deliveries" USING btree ("run_id","strategy_id") WHERE run_id is not null;--> statement-breakpoint
CREATE INDEX "deliveries_flow_step_idx" ON "deliveries" USING btree ("strategy_id") WHERE run_id is not null;--> statement-breakpoint
CREATE INDEX "deliveries_sms_message_idx" ON "deliveries" USING btree ("message_id") WHERE channel = 'sms';--> statement-breakpoint
CREATE INDEX "deliveries_sms_phone_idx" ON "deliveries" USING btree ("phone") WHERE channel = 'sms';--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_strategy_subscriber_uq" ON "deliveries" USING btree ("strategy_id","subscriber_id") WHERE run_id is null;