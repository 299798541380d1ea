import { LOCALES, type Locale, translateError } from '@storecast/contract';
import type { Deps } from '../../../deps.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface OwnerMail {
  /** notices.* keys: the subject and the paragraphs, filled from `params`. */
  subject: string;
  lines: string[];
  params: (locale: Locale) => Record<string, string | number>;
  kind: string;
}

/**
 * A system mail about billing to the store owner's login address. No language is stored for a
 * user, so it says everything in both: Chinese first, then English.
 */
export async function mailOwner(deps: Deps, shopId: string, mail: OwnerMail): Promise<boolean> {
  const { rows } = await deps.dbh.query<{ email: string; shop: string }>(
    `select u.email, s.name as shop from shop_members m join users u on u.id = m.user_id join shops s on s.id = m.shop_id
     where m.shop_id = $1 and m.role = 'owner' limit 1`,
    [shopId],
  );
  const owner = rows[0];
  if (!owner) return false;
  const texts = LOCALES.map((locale) => {
    const params = { shop: owner.shop, ...mail.params(locale) };
    return { locale, subject: translateError(locale, mail.subject, params), lines: mail.lines.map((k) => translateError(locale, k, params)) };
  });
  await deps.mail.send({
    from: { name: 'Storecast', address: deps.config.mailFrom },
    dkim: deps.config.systemDkim,
    to: owner.email,
    subject: texts.map((t) => t.subject).join(' / '),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${texts
      .map((t) => `<div lang="${t.locale}">${t.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}</div>`)
      .join('\n<hr>\n')}\n</body></html>`,
    text: `${texts.map((t) => t.lines.join('\n\n')).join('\n\n----\n\n')}\n`,
    shopId: null,
    meta: { kind: mail.kind, shop_id: shopId },
  });
  return true;
}
