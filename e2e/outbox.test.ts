import type { Locale } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
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
