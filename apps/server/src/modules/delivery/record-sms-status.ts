import type { DbHandle, RawConnection } from '@storecast/db';
import { nameConsentSource } from '../audience/index.ts';

/**
 * What the SMS provider and the recipients' phones tell us afterwards. SMS consent is kept apart
 * from e-mail consent: these writes touch `sms_status` and `sms_consent`, never the e-mail status.
 * A STOP is remembered inside `sms_consent` (`withdrawn: 'sms-stop'`) beside the consent it
 * withdraws, so START restores exactly those the STOP took out, not someone the store removed.
 */

/** Marker a provider-reported failure carries in `error`, also when it arrives before the send is recorded. */
export const PROVIDER_FAILURE_PREFIX = 'provider:';

export type SmsStatusReport = {
  /** From the status URL's token, when it carried one. */
  deliveryId: number | null;
  messageSid: string;
  status: string;
  errorCode: string | null;
};

/**
 * A status callback. `undelivered` and `failed` fail a sent delivery with the provider's error
 * (the volume stays spent: the provider took and charged the message); a report for a delivery
 * whose send is not recorded yet is kept in its `error` and applied when it is. `delivered` and
 * the in-between states change nothing: a sent SMS counts as delivered until told otherwise, and
 * a late `delivered` after `failed` is ignored. Returns whether a delivery was found.
 */
export async function recordSmsStatus(dbh: DbHandle, r: SmsStatusReport): Promise<boolean> {
  const where = r.deliveryId !== null
    ? `d.id = $1::bigint and d.channel = 'sms' and (d.message_id is null or d.message_id = $2::text)`
    : `$1::bigint is null and d.message_id = $2::text and d.channel = 'sms'`;
  const params = [r.deliveryId, r.messageSid];
  if (r.status !== 'undelivered' && r.status !== 'failed') {
    const { rows } = await dbh.query(`select 1 from deliveries d where ${where}`, params);
    return rows.length > 0;
  }
  const error = `${PROVIDER_FAILURE_PREFIX} ${r.status}${r.errorCode ? ` ${r.errorCode}` : ''}`.slice(0, 200);
  const { rows } = await dbh.query<{ status: string }>(
    `update deliveries d set
       status = case when d.status = 'sent' then 'failed' else d.status end,
       error = case when d.status in ('sent', 'sending', 'queued') then $3::text else d.error end
     where ${where} returning d.status`,
    [...params, error],
  );
  return rows.length > 0;
}

const WITHDRAW = `coalesce(sms_consent, jsonb_build_object('source', 'unknown', 'at', now()::text))
  || jsonb_build_object('withdrawn', 'sms-stop', 'withdrawn_at', now()::text)`;

/** The subscribers of these deliveries whose number the provider reports as opted out. */
export async function markSmsOptedOut(c: RawConnection, shopId: string, deliveryIds: number[]) {
  await nameConsentSource(c, { via: 'carrier' });
  await c.query(
    `update subscribers s set sms_status = 'unsubscribed', sms_consent = ${WITHDRAW}, updated_at = now()
     from deliveries d where d.id = any($1::bigint[]) and d.shop_id = $2 and s.id = d.subscriber_id and s.shop_id = $2
       and s.sms_status is distinct from 'unsubscribed'`,
    [deliveryIds, shopId],
  );
}

/**
 * A STOP (or 退订) from a number: unsubscribed from SMS in every store that texted it, found
 * through its SMS deliveries. Returns how many subscribers changed.
 */
export async function stopSmsForPhone(dbh: DbHandle, phone: string): Promise<number> {
  return dbh.transaction(async (c) => {
    await nameConsentSource(c, { via: 'sms-stop', detail: phone });
    const r = await c.query(
      `update subscribers s set sms_status = 'unsubscribed', sms_consent = ${WITHDRAW}, updated_at = now()
       from (select distinct subscriber_id, shop_id from deliveries where channel = 'sms' and phone = $1 and subscriber_id is not null) d
       where s.id = d.subscriber_id and s.shop_id = d.shop_id and s.sms_status is distinct from 'unsubscribed'`,
      [phone],
    );
    return r.rowCount;
  });
}

/** START / UNSTOP: back in, only where a STOP took the number out. */
export async function restartSmsForPhone(dbh: DbHandle, phone: string): Promise<number> {
  return dbh.transaction(async (c) => {
    await nameConsentSource(c, { via: 'sms-start', detail: phone });
    const r = await c.query(
      `update subscribers s set sms_status = 'subscribed', sms_consent = s.sms_consent - 'withdrawn' - 'withdrawn_at', updated_at = now()
       from (select distinct subscriber_id, shop_id from deliveries where channel = 'sms' and phone = $1 and subscriber_id is not null) d
       where s.id = d.subscriber_id and s.shop_id = d.shop_id and s.sms_status = 'unsubscribed' and s.sms_consent ->> 'withdrawn' = 'sms-stop'`,
      [phone],
    );
    return r.rowCount;
  });
}
