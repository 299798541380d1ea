CREATE TABLE "platform_syncs" (
	"shop_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'customers' NOT NULL,
	"bulk_operation_id" text,
	"stage_offset" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"stage_totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_syncs_shop_id_platform_pk" PRIMARY KEY("shop_id","platform")
);
--> statement-breakpoint
ALTER TABLE "platform_syncs" ADD CONSTRAINT "platform_syncs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;