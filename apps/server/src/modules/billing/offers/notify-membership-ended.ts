import { escapeHtml, LOCALES, translateError } from '@storecast/contract';
import type { Deps } from '../../../deps.ts';

interface EndedTerm { id: string; shop_id: string; level: number; end_at: Date | string; shop_name: string; owner_email: string | null }

/**
 * Tells owners once that their membership term ended (effective level is already 0 by
 * read-vip-state). Each term is claimed first (`expiry_notified_at`, guarded by its end date so
 * a renewal racing in is not marked), then mailed; a mail that fails gives the claim back so the
 * next pass tries again. Returns how many terms it handled.
 */
export async function notifyEndedMemberships(deps: Deps, now: Date, batchSize: number): Promise<number> {
  const { rows } = await deps.dbh.query<EndedTerm>(
    `select v.id, v.shop_id, v.level, v.end_at, s.name as shop_name,
       (select u.email from shop_members m join users u on u.id = m.user_id
        where m.shop_id = v.shop_id and m.role = 'owner' order by m.created_at limit 1) as owner_email
     from vip_services v join shops s on s.id = v.shop_id
     where v.level > 0 and v.end_at <= $1 and v.expiry_notified_at is null
     order by v.end_at, v.id limit $2`,
    [now, batchSize],
  );
  for (const term of rows) {
    const claimed = await deps.dbh.query(
      `update vip_services set expiry_notified_at = $2
       where id = $1 and expiry_notified_at is null and end_at = $3 and level > 0 returning id`,
      [term.id, now, new Date(term.end_at)],
    );
    if (claimed.rowCount === 0 || !term.owner_email) continue;
    try {
      await sendEndedMail(deps, term, term.owner_email);
    } catch (err) {
      await deps.dbh.query('update vip_services set expiry_notified_at = null where id = $1 and expiry_notified_at = $2', [term.id, now]);
      throw err;
    }
  }
  return rows.length;
}

/** One mail in both languages (no language is stored for a user), zh-CN first. */
async function sendEndedMail(deps: Deps, term: EndedTerm, to: string) {
  const url = `${deps.config.publicUrl}/store/vip-plan`;
  const date = new Date(term.end_at).toISOString().slice(0, 10);
  const parts = LOCALES.map((locale) => {
    const level = translateError(locale, `notices.billing.levels.${term.level}`);
    const params = { shop: term.shop_name, level, date, url };
    return {
      subject: translateError(locale, 'notices.billing.expiryMail.subject', params),
      lines: [translateError(locale, 'notices.billing.expiryMail.body', params), translateError(locale, 'notices.billing.expiryMail.action', params)],
    };
  });
  const html = parts.map((p) => p.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')).join('\n<hr>\n');
  await deps.mail.send({
    from: { name: 'Storecast', address: deps.config.mailFrom },
    dkim: deps.config.systemDkim,
    to,
    subject: parts.map((p) => p.subject).join(' / '),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${html}\n</body></html>`,
    text: `${parts.map((p) => p.lines.join('\n\n')).join('\n\n---\n\n')}\n`,
    shopId: term.shop_id,
    meta: { kind: 'membership-ended' },
  });
}
