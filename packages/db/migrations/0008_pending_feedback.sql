CREATE TABLE "pending_feedback" (
	"delivery_id" bigint NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_feedback_delivery_id_kind_pk" PRIMARY KEY("delivery_id","kind")
);
--> statement-breakpoint
ALTER TABLE "pending_feedback" ADD CONSTRAINT "pending_feedback_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_feedback" ADD CONSTRAINT "pending_feedback_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;