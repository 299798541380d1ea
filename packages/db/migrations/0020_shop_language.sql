ALTER TABLE "shops" ADD COLUMN "language" text DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
-- A store connected before it had a language keeps the one its flows were last published in.
UPDATE "shops" s SET "language" = 'en-US' WHERE (
  SELECT v."definition"->>'locale' FROM "flow_versions" v WHERE v."shop_id" = s."id" ORDER BY v."created_at" DESC LIMIT 1
) = 'en-US';
