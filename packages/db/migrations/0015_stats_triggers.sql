-- Dashboard numbers (ARCHITECTURE.md, "Dashboard numbers"): every write to deliveries, orders
-- and subscribers marks the store days (in the store's time zone) whose rollups it may change in
-- stats_dirty_days, once per statement (transition tables, set-based); the rollup job recounts
-- those days from the raw rows. A mark is cheap and idempotent (ON CONFLICT DO NOTHING), so a
-- write never waits for counting and a recount can never drift from the raw rows.
-- Marks the store days of instants; `touch` instants (opens, clicks) also mark the days of the
-- attribution window after them, since they credit orders placed up to then (orders placed later
-- mark their own day when they arrive). Instants come rounded to 15 minutes, which keeps every
-- time zone's day (offsets are whole quarters of an hour) and makes a large statement's list short.
CREATE FUNCTION "stats_mark_days"(shop_ids uuid[], ats timestamptz[], touches boolean[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "stats_dirty_days" ("shop_id", "day")
  SELECT DISTINCT m.shop_id, ((m.at AT TIME ZONE sh."timezone")::date + g.n)::date
  FROM unnest(shop_ids, ats, touches) AS m(shop_id, at, touch)
  JOIN "shops" sh ON sh."id" = m.shop_id
  LEFT JOIN "sales_attribution" a ON a."shop_id" = m.shop_id
  CROSS JOIN LATERAL generate_series(0, CASE WHEN m.touch THEN coalesce(a."window_days", 5) ELSE 0 END) AS g(n)
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- Sent, delivered, bounced and units count on the sent day; opens, clicks, unsubscribes and
-- complaints on their own day.
CREATE FUNCTION "stats_mark_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "stats_mark_days"(array_agg(x.shop_id), array_agg(x.at), array_agg(x.touch)) FROM (
      SELECT DISTINCT r."shop_id", date_bin('15 minutes', v.at, timestamptz '2000-01-01') AS at, v.touch
      FROM new_rows r CROSS JOIN LATERAL (VALUES (r."sent_at", false), (r."opened_at", true), (r."clicked_at", true),
        (r."unsubscribed_at", false), (r."complained_at", false)) AS v(at, touch)
      WHERE v.at IS NOT NULL) x;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "stats_mark_days"(array_agg(x.shop_id), array_agg(x.at), array_agg(x.touch)) FROM (
      SELECT DISTINCT r."shop_id", date_bin('15 minutes', v.at, timestamptz '2000-01-01') AS at, v.touch
      FROM old_rows r CROSS JOIN LATERAL (VALUES (r."sent_at", false), (r."opened_at", true), (r."clicked_at", true),
        (r."unsubscribed_at", false), (r."complained_at", false)) AS v(at, touch)
      WHERE v.at IS NOT NULL) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stats_mark_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "stats_mark_days"(array_agg(x.shop_id), array_agg(x.at), array_agg(false)) FROM (
      SELECT DISTINCT "shop_id", date_bin('15 minutes', "placed_at", timestamptz '2000-01-01') AS at FROM new_rows) x;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "stats_mark_days"(array_agg(x.shop_id), array_agg(x.at), array_agg(false)) FROM (
      SELECT DISTINCT "shop_id", date_bin('15 minutes', "placed_at", timestamptz '2000-01-01') AS at FROM old_rows) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sign-ups count on subscribed_at's day; a loss on the day an unsubscribed subscriber was last
-- changed (updated_at: every unsubscribe writes it with the status). Updates that change neither
-- the status nor the sign-up time (opens, orders, attributes) mark nothing, unless the
-- subscriber is unsubscribed and updated_at moves, which moves the loss.
CREATE FUNCTION "stats_mark_subscribers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "stats_mark_days"(array_agg(x.shop_id), array_agg(x.at), array_agg(false)) FROM (
      SELECT DISTINCT o."shop_id", date_bin('15 minutes', v.at, timestamptz '2000-01-01') AS at
      FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      CROSS JOIN LATERAL (VALUES
        (o."subscribed_at", o."subscribed_at" IS DISTINCT FROM n."subscribed_at" OR o."status" IS DISTINCT FROM n."status"),
        (n."subscribed_at", o."subscribed_at" IS DISTINCT FROM n."subscribed_at" OR o."status" IS DISTINCT FROM n."status"),
        (o."updated_at", o."status" = 'unsubscribed' AND (n."status" <> 'unsubscribed' OR o."updated_at" IS DISTINCT FROM n."updated_at")),
        (n."updated_at", n."status" = 'unsubscribed' AND (o."status" <> 'unsubscribed' OR o."updated_at" IS DISTINCT FROM n."updated_at"))
      ) AS v(at, changed)
      WHERE v.changed) x;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "stats_mark_days"(array_agg(x.shop_id), array_agg(x.at), array_agg(false)) FROM (
      SELECT DISTINCT r."shop_id", date_bin('15 minutes', v.at, timestamptz '2000-01-01') AS at
      FROM new_rows r CROSS JOIN LATERAL (VALUES (r."subscribed_at", true), (r."updated_at", r."status" = 'unsubscribed')) AS v(at, counted)
      WHERE v.counted) x;
  ELSE
    PERFORM "stats_mark_days"(array_agg(x.shop_id), array_agg(x.at), array_agg(false)) FROM (
      SELECT DISTINCT r."shop_id", date_bin('15 minutes', v.at, timestamptz '2000-01-01') AS at
      FROM old_rows r CROSS JOIN LATERAL (VALUES (r."subscribed_at", true), (r."updated_at", r."status" = 'unsubscribed')) AS v(at, counted)
      WHERE v.counted) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "deliveries_stats_insert" AFTER INSERT ON "deliveries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_deliveries"();
--> statement-breakpoint
CREATE TRIGGER "deliveries_stats_update" AFTER UPDATE ON "deliveries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_deliveries"();
--> statement-breakpoint
CREATE TRIGGER "deliveries_stats_delete" AFTER DELETE ON "deliveries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_deliveries"();
--> statement-breakpoint
CREATE TRIGGER "orders_stats_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_stats_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_stats_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_orders"();
--> statement-breakpoint
CREATE TRIGGER "subscribers_stats_insert" AFTER INSERT ON "subscribers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_subscribers"();
--> statement-breakpoint
CREATE TRIGGER "subscribers_stats_update" AFTER UPDATE ON "subscribers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_subscribers"();
--> statement-breakpoint
CREATE TRIGGER "subscribers_stats_delete" AFTER DELETE ON "subscribers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_subscribers"();
--> statement-breakpoint
-- A new attribution rule changes which orders every day credits: all days the store has numbers
-- for are recounted (days without rollup rows have no orders to credit).
CREATE FUNCTION "stats_mark_attribution"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stats_dirty_days" ("shop_id", "day")
  SELECT a."shop_id", s."day" FROM new_rows a JOIN "daily_audience_stats" s ON s."shop_id" = a."shop_id"
  UNION SELECT a."shop_id", s."day" FROM new_rows a JOIN "daily_send_stats" s ON s."shop_id" = a."shop_id"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_attribution_stats_insert" AFTER INSERT ON "sales_attribution" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_attribution"();
--> statement-breakpoint
CREATE TRIGGER "sales_attribution_stats_update" AFTER UPDATE ON "sales_attribution" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_attribution"();
--> statement-breakpoint
-- A new time zone moves every instant to possibly another day: every day from the store's first
-- numbers (a day early, for the shift) to tomorrow is recounted, which also clears the old days.
CREATE FUNCTION "stats_mark_timezone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stats_dirty_days" ("shop_id", "day")
  SELECT NEW."id", d::date FROM generate_series(
    (SELECT least(
      (SELECT min("day") FROM "daily_audience_stats" WHERE "shop_id" = NEW."id"),
      (SELECT min("day") FROM "daily_send_stats" WHERE "shop_id" = NEW."id")) - 1),
    (now() AT TIME ZONE NEW."timezone")::date + 1, interval '1 day') AS d
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shops_stats_timezone" AFTER UPDATE OF "timezone" ON "shops" FOR EACH ROW
  WHEN (OLD."timezone" IS DISTINCT FROM NEW."timezone") EXECUTE FUNCTION "stats_mark_timezone"();
