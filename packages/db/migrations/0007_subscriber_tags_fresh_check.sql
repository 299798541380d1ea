-- A large import writes new subscribers and their tag links in one transaction (copy-new-subscribers.ts).
-- Locking each just-written subscriber FOR KEY SHARE while checking its links cost as much as writing
-- the links; rows no other transaction can see yet need no lock. Same rules otherwise as 0005.
CREATE OR REPLACE FUNCTION "subscriber_tags_check_parents"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The ids an import has just taken from the sequence for the subscribers it wrote in this
  -- transaction, as "first-last" (copy-new-subscribers.ts sets it around one statement). No other
  -- transaction can see those rows yet, so none can delete them: they are checked in one join
  -- bounded by the range, without a lock on each.
  fresh text := coalesce(current_setting('storecast.fresh_subscribers', true), '');
  lo bigint := 1;
  hi bigint := 0;
BEGIN
  IF fresh <> '' THEN
    lo := split_part(fresh, '-', 1)::bigint;
    hi := split_part(fresh, '-', 2)::bigint;
  END IF;
  -- The subscriber and the tag must exist and belong to the row's store. Other parents are
  -- found by index one distinct parent at a time (see subscribers_check_shop) and locked.
  IF (SELECT count(*) FROM (SELECT DISTINCT "subscriber_id", "shop_id" FROM new_rows WHERE "subscriber_id" NOT BETWEEN lo AND hi) w
        CROSS JOIN LATERAL (SELECT 1 FROM "subscribers" p WHERE p."id" = w."subscriber_id" AND p."shop_id" = w."shop_id" FOR KEY SHARE OF p) found)
     <> (SELECT count(*) FROM (SELECT DISTINCT "subscriber_id", "shop_id" FROM new_rows WHERE "subscriber_id" NOT BETWEEN lo AND hi) wanted)
  OR (hi >= lo AND (SELECT count(*) FROM (SELECT DISTINCT "subscriber_id", "shop_id" FROM new_rows WHERE "subscriber_id" BETWEEN lo AND hi) w
        JOIN "subscribers" p ON p."id" = w."subscriber_id" AND p."shop_id" = w."shop_id" AND p."id" BETWEEN lo AND hi)
     <> (SELECT count(*) FROM (SELECT DISTINCT "subscriber_id", "shop_id" FROM new_rows WHERE "subscriber_id" BETWEEN lo AND hi) wanted))
  OR (SELECT count(*) FROM (SELECT DISTINCT "tag_id", "shop_id" FROM new_rows) w
        CROSS JOIN LATERAL (SELECT 1 FROM "tags" p WHERE p."id" = w."tag_id" AND p."shop_id" = w."shop_id" FOR KEY SHARE OF p) found)
     <> (SELECT count(*) FROM (SELECT DISTINCT "tag_id", "shop_id" FROM new_rows) wanted) THEN
    RAISE EXCEPTION 'insert or update on table "subscriber_tags" references a subscriber or tag that does not exist in its store' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
