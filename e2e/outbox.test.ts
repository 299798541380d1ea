import type { Locale } from '@storecast/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readCode } from '../apps/server/src/test/sign-up.ts';
import { enterSignUpCode, register } from './pages/auth-pages.ts';
import { newContext, snap } from './support/browser.ts';
import { seedOwner, signInContext } from './support/seed-owner.ts';
import { ui } from './support/ui-text.ts';
import { useAppAndBrowser } from './support/use-app-and-browser.ts';

/**
 * The local outbox on the embedded defaults (no SMTP_URL): the sender verification mail is kept,
 * not sent, and the owner reads it on /store/outbox as the recipient would see it.
 */
const env = useAppAndBrowser();

describe.each<Locale>(['zh-CN', 'en-US'])('local outbox in %s', (lang) => {
  it('shows a kept mail with its content', async () => {
    const owner = await seedOwner(env.app, `Outbox ${lang}`);
    const info = await fetch(`${env.app.baseUrl}/api/shop/info`, { headers: { authorization: `Bearer ${owner.token}` } });
    const homepage = ((await info.json()) as { data: { homepage_url: string } }).data.homepage_url;
    const address = `news@${new URL(homepage).hostname}`;
    await owner.post('/sender/add', { email: address, name: 'Outbox Shop' }, owner.token);

    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    const page = await ctx.newPage();
    await page.goto(`${env.app.baseUrl}/store/outbox`);
    await page.getByText(ui(lang, 'outbox.intro')).waitFor();
    const row = page.getByTestId('outbox-row').filter({ hasText: address });
    await row.waitFor();
    await row.click();
    await expect.poll(() => page.getByTestId('outbox-detail-to').textContent()).toBe(address);
    // The kept message itself, rendered in the sandboxed frame: it carries the confirmation link.
    const frame = page.frameLocator('iframe[title]');
    await expect.poll(() => frame.locator('a[href*="/api/public/sender/confirm"]').count()).toBeGreaterThan(0);
    await snap(page, lang, 'outbox-01-message');
    await ctx.close();
  });
});

/**
 * An invitation on the same defaults: the owner invites from access management, reads the
 * invitation on their outbox and the invited person follows its link from a second browser and
 * accepts. In zh-CN the invited person is new and signs up from the link; in en-US they already
 * have an account and a store, and read the invitation on their own outbox too.
 */
describe.each<{ lang: Locale; invitee: 'new' | 'existing' }>([
  { lang: 'zh-CN', invitee: 'new' },
  { lang: 'en-US', invitee: 'existing' },
])('an invitation kept in the local outbox in $lang', ({ lang, invitee }) => {
  it(`the owner reads it on /store/outbox and the ${invitee} invitee accepts from its link`, async () => {
    const owner = await seedOwner(env.app, `Invite Outbox ${lang}`);
    const existing = invitee === 'existing' ? await seedOwner(env.app, `Invited Own ${lang}`) : null;
    const email = existing?.account ?? `invited-${lang.toLowerCase()}-${Date.now()}@example.com`;

    const ctx = await newContext(env.browser, { locale: lang });
    await signInContext(ctx, owner.token, lang);
    const page = await ctx.newPage();
    await page.goto(`${env.app.baseUrl}/store-setting/access-management`);
    await page.getByTestId('invite-email').fill(email);
    await page.getByTestId('invite-submit').click();
    await page.locator(`[data-testid="invitation-row"][data-email="${email}"][data-status="pending"]`).waitFor();

    const link = await invitationLinkOn(page, email, owner.account);
    await snap(page, lang, 'outbox-02-invitation');
    await ctx.close();

    const other = await newContext(env.browser, { locale: lang });
    if (existing) await signInContext(other, existing.token, lang);
    const guest = await other.newPage();
    // The invited account finds the same mail on its own outbox.
    if (existing) expect(await invitationLinkOn(guest, email, owner.account)).toBe(link);
    // The mail links to the address the server was told is its own; this test's server listens elsewhere.
    const url = new URL(link);
    await guest.goto(`${env.app.baseUrl}${url.pathname}${url.search}`);
    expect(await guest.getByTestId('invite-email-value').textContent()).toBe(email);
    expect(await guest.getByTestId('invite-store').allTextContents()).toEqual([`Invite Outbox ${lang}`]);
    if (!existing) {
      await guest.getByTestId('invite-register').click();
      await guest.waitForURL(/\/register\?redirect=/);
      await register(guest, { account: email, password: 'shopping1' });
      await enterSignUpCode(guest, await readCode(env.app, 'email', email));
      await guest.waitForURL(/\/invite\?token=/);
    }
    await guest.getByTestId('invite-accept').click();
    await guest.getByTestId('invite-accepted').waitFor();
    await other.close();
  });
});

/** Opens /store/outbox, then the invitation from `inviter` to `email`, and returns the link it carries. */
async function invitationLinkOn(page: Page, email: string, inviter: string): Promise<string> {
  await page.goto(`${env.app.baseUrl}/store/outbox`);
  // The subject names the inviter; the invitee's own sign-up code mail is listed beside it.
  const row = page.getByTestId('outbox-row').filter({ hasText: email }).filter({ hasText: inviter });
  await row.waitFor();
  await row.click();
  await expect.poll(() => page.getByTestId('outbox-detail-to').textContent()).toBe(email);
  const anchor = page.frameLocator('iframe[title]').locator('a[href*="/invite?token="]');
  await anchor.waitFor();
  return (await anchor.getAttribute('href')) ?? '';
}
