import type { Deps } from '../../deps.ts';
import { FIRST_STEP_SQL } from './enter-flows.ts';

/** A date's calendar day in a time zone, as YYYY-MM-DD. */
export function localDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function isLeapYear(y: number) {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/**
 * The daily flows, entered by a scan in each store's time zone: win-back (the last order was
 * exactly `win_back_days` local days ago, default 60) and birthday (`attributes.birthday` as MM-DD
 * or YYYY-MM-DD is today; 29 February counts on the 28th in other years). The trigger keys
 * (`win-back:<day>`, `birthday:<year>`) make a scan repeated on the same day enter nobody twice,
 * so the worker may run it as often as it likes. Returns how many runs entered.
 */
export async function enterDailyFlows(deps: Deps, now: Date): Promise<number> {
  const { rows: flows } = await deps.dbh.query<{ id: string; shop_id: string; kind: 'win-back' | 'birthday'; timezone: string; days: number | null }>(
    `select f.id, f.shop_id, f.kind, s.timezone, (v.definition->>'win_back_days')::int as days
     from flows f join shops s on s.id = f.shop_id join flow_versions v on v.id = f.live_version_id
     where f.kind in ('win-back', 'birthday') and f.status = 'on'`,
  );
  let entered = 0;
  for (const f of flows) {
    const today = localDate(now, f.timezone);
    const insert = `with f as materialized (
        select f.id, f.shop_id, f.live_version_id, ${FIRST_STEP_SQL('f.live_version_id')} as first_step
        from flows f where f.id = $1 and f.status = 'on' and f.live_version_id is not null)
      insert into flow_runs (shop_id, flow_id, version_id, subscriber_id, trigger_key, step_id, due_at, entered_at)
      select f.shop_id, f.id, f.live_version_id, s.id, $3, f.first_step, $4, $4
      from f join subscribers s on s.shop_id = $2 and s.status = 'subscribed'
      where true`;
    if (f.kind === 'win-back') {
      const days = f.days ?? 60;
      // The local day `days` ago, as a UTC range through the store's zone.
      const r = await deps.dbh.query(
        `${insert}
           and s.last_order_at >= (($5::date - $6::int)::timestamp at time zone $7)
           and s.last_order_at < (($5::date - $6::int + 1)::timestamp at time zone $7)
         on conflict do nothing`,
        [f.id, f.shop_id, `win-back:${today}`, now.toISOString(), today, days, f.timezone],
      );
      entered += r.rowCount;
    } else {
      const mmdd = today.slice(5);
      const year = Number(today.slice(0, 4));
      const days = mmdd === '02-28' && !isLeapYear(year) ? ['02-28', '02-29'] : [mmdd];
      const r = await deps.dbh.query(
        `${insert}
           and right(s.attributes->>'birthday', 5) = any($5::text[]) and (s.attributes->>'birthday') ~ '^([0-9]{4}-)?[0-9]{2}-[0-9]{2}$'
         on conflict do nothing`,
        [f.id, f.shop_id, `birthday:${year}`, now.toISOString(), days],
      );
      entered += r.rowCount;
    }
  }
  return entered;
}
