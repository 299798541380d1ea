import type { Db, RawConnection } from '@storecast/db';
import { sql } from 'drizzle-orm';

/** Where a change of consent came from, as the subscriber's consent history shows it. */
export interface ConsentSource {
  /** popup, confirm-link, link, one-click, mailto, sms-stop, sms-start, carrier, admin, import, api */
  via: string;
  ip?: string | null;
  userAgent?: string | null;
  /** What else names the source: the import's file, the admin's e-mail, the pop-up's name. */
  detail?: string | null;
}

/**
 * Names the source of the status changes the rest of the caller's transaction makes. The
 * history is written by a trigger on subscribers (migration 0019), so a set-based write such as
 * an import or a STOP reply records every subscriber it moves; the trigger reads these
 * transaction-local settings, which end with the transaction.
 */
export async function nameConsentSource(c: Pick<RawConnection, 'query'> | Db, src: ConsentSource): Promise<void> {
  const values = [src.via, src.ip ?? '', (src.userAgent ?? '').slice(0, 500), (src.detail ?? '').slice(0, 500)] as const;
  if ('execute' in c) {
    await c.execute(sql`select set_config('storecast.consent_via', ${values[0]}, true), set_config('storecast.consent_ip', ${values[1]}, true),
      set_config('storecast.consent_user_agent', ${values[2]}, true), set_config('storecast.consent_detail', ${values[3]}, true)`);
    return;
  }
  await c.query(
    `select set_config('storecast.consent_via', $1, true), set_config('storecast.consent_ip', $2, true),
      set_config('storecast.consent_user_agent', $3, true), set_config('storecast.consent_detail', $4, true)`,
    [...values],
  );
}
