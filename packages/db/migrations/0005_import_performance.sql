ALTER TABLE "subscriber_tags" DROP CONSTRAINT "subscriber_tags_shop_id_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriber_tags" DROP CONSTRAINT "subscriber_tags_subscriber_id_subscribers_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriber_tags" DROP CONSTRAINT "subscriber_tags_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "subscribers" DROP CONSTRAINT "subscribers_shop_id_shops_id_fk";
--> statement-breakpoint
DROP INDEX "subscribers_shop_email_prefix_idx";--> statement-breakpoint
DROP INDEX "subscribers_shop_email_uq";--> statement-breakpoint
DROP INDEX "subscribers_shop_phone_idx";--> statement-breakpoint
DROP INDEX "subscribers_shop_status_idx";--> statement-breakpoint
DROP INDEX "subscribers_shop_customer_idx";--> statement-breakpoint
DROP INDEX "subscribers_shop_last_order_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_shop_email_uq" ON "subscribers" USING btree ("shop_id","email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "subscribers_shop_phone_idx" ON "subscribers" USING btree ("shop_id","phone" text_pattern_ops) WHERE "subscribers"."phone" is not null;--> statement-breakpoint
CREATE INDEX "subscribers_shop_status_idx" ON "subscribers" USING btree ("shop_id","status","id") WHERE "subscribers"."status" <> 'subscribed';--> statement-breakpoint
CREATE INDEX "subscribers_shop_customer_idx" ON "subscribers" USING btree ("shop_id","customer_ref") WHERE "subscribers"."customer_ref" is not null;--> statement-breakpoint
CREATE INDEX "subscribers_shop_last_order_idx" ON "subscribers" USING btree ("shop_id","last_order_at") WHERE "subscribers"."last_order_at" is not null;--> statement-breakpoint
-- The four foreign keys dropped above are kept by statement-level triggers from here on (see
-- packages/db/src/schema/audience.ts): one set-based check per statement instead of one query
-- per row. Parents are locked FOR KEY SHARE as a foreign key locks them, so a concurrent delete
-- of a parent waits for the inserting transaction and then also deletes what it inserted.
CREATE FUNCTION "subscribers_check_shop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each parent is found by its index (LATERAL keeps it a probe per distinct parent: a semi-join
  -- could scan the whole parent table, a cost that grows with the table), and locked.
  IF (SELECT count(*) FROM (SELECT DISTINCT "shop_id" FROM new_rows) w
        CROSS JOIN LATERAL (SELECT 1 FROM "shops" p WHERE p."id" = w."shop_id" FOR KEY SHARE OF p) found)
     <> (SELECT count(DISTINCT "shop_id") FROM new_rows) THEN
    RAISE EXCEPTION 'insert on table "subscribers" references a store that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscribers_check_shop" AFTER INSERT ON "subscribers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscribers_check_shop"();
--> statement-breakpoint
CREATE FUNCTION "subscriber_tags_check_parents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The subscriber and the tag must exist and belong to the row's store.
  -- Found by index one distinct parent at a time (see subscribers_check_shop) and locked.
  IF (SELECT count(*) FROM (SELECT DISTINCT "subscriber_id", "shop_id" FROM new_rows) w
        CROSS JOIN LATERAL (SELECT 1 FROM "subscribers" p WHERE p."id" = w."subscriber_id" AND p."shop_id" = w."shop_id" FOR KEY SHARE OF p) found)
     <> (SELECT count(*) FROM (SELECT DISTINCT "subscriber_id", "shop_id" FROM new_rows) wanted)
  OR (SELECT count(*) FROM (SELECT DISTINCT "tag_id", "shop_id" FROM new_rows) w
        CROSS JOIN LATERAL (SELECT 1 FROM "tags" p WHERE p."id" = w."tag_id" AND p."shop_id" = w."shop_id" FOR KEY SHARE OF p) found)
     <> (SELECT count(*) FROM (SELECT DISTINCT "tag_id", "shop_id" FROM new_rows) wanted) THEN
    RAISE EXCEPTION 'insert or update on table "subscriber_tags" references a subscriber or tag that does not exist in its store' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscriber_tags_check_parents_insert" AFTER INSERT ON "subscriber_tags" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscriber_tags_check_parents"();
--> statement-breakpoint
CREATE TRIGGER "subscriber_tags_check_parents_update" AFTER UPDATE ON "subscriber_tags" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscriber_tags_check_parents"();
--> statement-breakpoint
-- A subscriber or tag never changes its id or store (their children would point elsewhere).
CREATE FUNCTION "refuse_parent_key_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the id and store of a row of "%" cannot change', TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscribers_keep_key" BEFORE UPDATE OF "id", "shop_id" ON "subscribers" FOR EACH ROW
  WHEN (OLD."id" IS DISTINCT FROM NEW."id" OR OLD."shop_id" IS DISTINCT FROM NEW."shop_id") EXECUTE FUNCTION "refuse_parent_key_change"();
--> statement-breakpoint
CREATE TRIGGER "tags_keep_key" BEFORE UPDATE OF "id", "shop_id" ON "tags" FOR EACH ROW
  WHEN (OLD."id" IS DISTINCT FROM NEW."id" OR OLD."shop_id" IS DISTINCT FROM NEW."shop_id") EXECUTE FUNCTION "refuse_parent_key_change"();
--> statement-breakpoint
CREATE FUNCTION "shops_delete_subscribers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Their tag links go with them (subscribers_delete_tags).
  DELETE FROM "subscribers" c USING old_rows o WHERE c."shop_id" = o."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shops_delete_subscribers" AFTER DELETE ON "shops" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "shops_delete_subscribers"();
--> statement-breakpoint
CREATE FUNCTION "subscribers_delete_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "subscriber_tags" c USING old_rows o WHERE c."subscriber_id" = o."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscribers_delete_tags" AFTER DELETE ON "subscribers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscribers_delete_tags"();
--> statement-breakpoint
CREATE FUNCTION "tags_delete_subscriber_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "subscriber_tags" c USING old_rows o WHERE c."tag_id" = o."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tags_delete_subscriber_tags" AFTER DELETE ON "tags" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tags_delete_subscriber_tags"();
