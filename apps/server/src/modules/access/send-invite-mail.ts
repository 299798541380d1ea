import { escapeHtml, type Locale, translateError } from '@storecast/contract';
import type { Deps } from '../../deps.ts';
import { INVITE_TTL_DAYS } from './invitation-status.ts';

export interface InviteMail {
  to: string;
  token: string;
  inviter: string;
  stores: { id: string; name: string }[];
  locale: Locale;
}

/** The link an invitation mail carries: the admin's /invite page, which accepts with the right account. */
export const inviteLink = (deps: Deps, token: string) => `${deps.config.publicUrl}/invite?token=${encodeURIComponent(token)}`;

/**
 * Mails the invitation link from the product's own sender, in the inviter's language (the
 * invited person has no language of ours yet). Store and inviter names are the owner's own
 * words, so they are escaped in the HTML part. It is the invitee's mail, yet the local outbox
 * also shows it on the stores it names, so an owner without SMTP can hand the link over.
 */
export async function sendInviteMail(deps: Deps, mail: InviteMail): Promise<void> {
  const link = inviteLink(deps, mail.token);
  const params = { inviter: mail.inviter, stores: mail.stores.map((st) => st.name).join(', '), email: mail.to, days: INVITE_TTL_DAYS };
  const t = (key: string) => translateError(mail.locale, `notices.access.mail.${key}`, params);
  const html = [
    `<p>${escapeHtml(t('intro'))}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 20px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('action'))}</a></p>`,
    `<p style="word-break:break-all;color:#666">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(t('account'))}</p>`,
    `<p>${escapeHtml(t('expiry'))}</p>`,
    `<p style="color:#666">${escapeHtml(t('ignore'))}</p>`,
  ].join('\n');
  await deps.mail.send({
    from: { name: 'Storecast', address: deps.config.mailFrom },
    dkim: deps.config.systemDkim,
    to: mail.to,
    subject: t('subject'),
    html: `<!doctype html><html lang="${mail.locale}"><body style="font-family:sans-serif;line-height:1.5">\n${html}\n</body></html>`,
    text: `${[t('intro'), `${t('action')}: ${link}`, t('account'), t('expiry'), t('ignore')].join('\n\n')}\n`,
    shopId: null,
    meta: { kind: 'manager-invite', link, shopIds: mail.stores.map((st) => st.id) },
  });
}
