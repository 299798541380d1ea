CREATE TABLE "product_variants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"product_id" bigint NOT NULL,
	"external_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"price" bigint NOT NULL,
	"compare_at_price" bigint,
	"stock" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"handle" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" bigint NOT NULL,
	"compare_at_price" bigint,
	"currency" text NOT NULL,
	"collection" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "element_candidates" (
	"strategy_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"subscriber_id" bigint NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "element_candidates_strategy_id_slot_subscriber_id_pk" PRIMARY KEY("strategy_id","slot","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "element_matches" (
	"strategy_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"subscriber_id" bigint NOT NULL,
	"slot" smallint NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "element_matches_strategy_id_subscriber_id_pk" PRIMARY KEY("strategy_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "strategy_elements" (
	"strategy_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"product_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"candidates" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "strategy_elements_strategy_id_slot_pk" PRIMARY KEY("strategy_id","slot")
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "variant" smallint;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_elements" ADD CONSTRAINT "strategy_elements_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_elements" ADD CONSTRAINT "strategy_elements_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_elements" ADD CONSTRAINT "strategy_elements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_ext_uq" ON "product_variants" USING btree ("product_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_shop_ext_uq" ON "products" USING btree ("shop_id","external_id");--> statement-breakpoint
CREATE INDEX "products_shop_handle_idx" ON "products" USING btree ("shop_id",lower("handle"));--> statement-breakpoint
CREATE INDEX "products_shop_collection_idx" ON "products" USING btree ("shop_id","collection") WHERE "products"."collection" is not null;--> statement-breakpoint
CREATE INDEX "products_shop_title_idx" ON "products" USING btree ("shop_id",lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_shop_updated_idx" ON "products" USING btree ("shop_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "element_matches_slot_idx" ON "element_matches" USING btree ("strategy_id","slot","score");--> statement-breakpoint
CREATE INDEX "events_shop_product_idx" ON "events" USING btree ("shop_id","subject","occurred_at") WHERE "events"."type" in ('viewed_product', 'added_to_cart') and "events"."subscriber_id" is not null;--> statement-breakpoint
CREATE INDEX "order_items_shop_product_idx" ON "order_items" USING btree ("shop_id","product_id");