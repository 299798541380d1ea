CREATE TABLE "consent_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"subscriber_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"via" text NOT NULL,
	"consent_record_id" bigint,
	"ip" text,
	"user_agent" text,
	"detail" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_consent_record_id_consent_records_id_fk" FOREIGN KEY ("consent_record_id") REFERENCES "public"."consent_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_subscriber_idx" ON "consent_events" USING btree ("subscriber_id","occurred_at");--> statement-breakpoint
-- Every change of a subscriber's e-mail or SMS status lands in the consent history, whichever
-- path made it (a set-based import, a STOP reply, the admin). The writer names where it came
-- from in transaction-local settings (storecast.consent_via, _ip, _user_agent, _detail); one
-- that names nothing is recorded as `other`. The WHEN clauses keep updates that leave both
-- statuses alone (most of an import, every engagement stamp) from calling the function.
CREATE FUNCTION "subscribers_record_consent"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  via text := coalesce(nullif(current_setting('storecast.consent_via', true), ''), 'other');
  ip text := nullif(current_setting('storecast.consent_ip', true), '');
  ua text := nullif(current_setting('storecast.consent_user_agent', true), '');
  detail text := nullif(current_setting('storecast.consent_detail', true), '');
BEGIN
  IF OLD."status" IS DISTINCT FROM NEW."status" AND NEW."status" IN ('subscribed', 'unsubscribed', 'complaint') THEN
    INSERT INTO "consent_events" ("shop_id", "subscriber_id", "channel", "kind", "via", "ip", "user_agent", "detail")
    VALUES (NEW."shop_id", NEW."id", 'email',
      CASE NEW."status" WHEN 'subscribed' THEN 'resubscribed' WHEN 'unsubscribed' THEN 'unsubscribed' ELSE 'complained' END,
      via, ip, ua, detail);
  END IF;
  IF OLD."sms_status" IS DISTINCT FROM NEW."sms_status" AND NEW."sms_status" IS NOT NULL THEN
    INSERT INTO "consent_events" ("shop_id", "subscriber_id", "channel", "kind", "via", "ip", "user_agent", "detail")
    VALUES (NEW."shop_id", NEW."id", 'sms',
      CASE WHEN NEW."sms_status" = 'unsubscribed' THEN 'unsubscribed' WHEN OLD."sms_status" IS NULL THEN 'subscribed' ELSE 'resubscribed' END,
      via, ip, ua, detail);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscribers_consent_events" AFTER UPDATE OF "status", "sms_status" ON "subscribers" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."sms_status" IS DISTINCT FROM NEW."sms_status")
  EXECUTE FUNCTION "subscribers_record_consent"();
