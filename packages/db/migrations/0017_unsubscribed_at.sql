ALTER TABLE "subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscribers_shop_unsubscribed_idx" ON "subscribers" USING btree ("shop_id","unsubscribed_at") WHERE "subscribers"."unsubscribed_at" is not null;--> statement-breakpoint
-- The day a subscriber left the list. Row triggers whose WHEN is checked without calling the
-- function, so imports and updates that do not change the status pay nothing for them.
CREATE FUNCTION "subscribers_stamp_unsubscribed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'unsubscribed' THEN
    -- The statement's own time (every unsubscribe writes updated_at with the status).
    NEW."unsubscribed_at" := CASE WHEN TG_OP = 'UPDATE' AND NEW."updated_at" IS NOT DISTINCT FROM OLD."updated_at" THEN now() ELSE NEW."updated_at" END;
  ELSE
    NEW."unsubscribed_at" := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscribers_unsubscribed_insert" BEFORE INSERT ON "subscribers" FOR EACH ROW
  WHEN (NEW."status" = 'unsubscribed' AND NEW."unsubscribed_at" IS NULL) EXECUTE FUNCTION "subscribers_stamp_unsubscribed"();
--> statement-breakpoint
CREATE TRIGGER "subscribers_unsubscribed_update" BEFORE UPDATE OF "status" ON "subscribers" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "subscribers_stamp_unsubscribed"();
--> statement-breakpoint
-- Sign-ups count on subscribed_at's day and losses on unsubscribed_at's; a write marks the days
-- whose numbers it changes, old and new.
CREATE OR REPLACE FUNCTION "stats_mark_subscribers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "stats_mark_days"(array_agg(x.shop_id), array_agg(x.at), array_agg(false)) FROM (
      SELECT DISTINCT o."shop_id", date_bin('15 minutes', v.at, timestamptz '2000-01-01') AS at
      FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      CROSS JOIN LATERAL (VALUES
        (o."subscribed_at", o."subscribed_at" IS DISTINCT FROM n."subscribed_at"),
        (n."subscribed_at", o."subscribed_at" IS DISTINCT FROM n."subscribed_at"),
        (o."unsubscribed_at", o."unsubscribed_at" IS DISTINCT FROM n."unsubscribed_at"),
        (n."unsubscribed_at", o."unsubscribed_at" IS DISTINCT FROM n."unsubscribed_at")
      ) AS v(at, changed)
      WHERE v.changed AND v.at IS NOT NULL) x;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "stats_mark_days"(array_agg(x.shop_id), array_agg(x.at), array_agg(false)) FROM (
      SELECT DISTINCT r."shop_id", date_bin('15 minutes', v.at, timestamptz '2000-01-01') AS at
      FROM new_rows r CROSS JOIN LATERAL (VALUES (r."subscribed_at"), (r."unsubscribed_at")) AS v(at)
      WHERE v.at IS NOT NULL) x;
  ELSE
    PERFORM "stats_mark_days"(array_agg(x.shop_id), array_agg(x.at), array_agg(false)) FROM (
      SELECT DISTINCT r."shop_id", date_bin('15 minutes', v.at, timestamptz '2000-01-01') AS at
      FROM old_rows r CROSS JOIN LATERAL (VALUES (r."subscribed_at"), (r."unsubscribed_at")) AS v(at)
      WHERE v.at IS NOT NULL) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "subscribers" SET "unsubscribed_at" = "updated_at" WHERE "status" = 'unsubscribed';
