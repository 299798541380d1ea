import { expect, it } from 'vitest';
import { snap } from './support/browser.ts';
import { platformConnectJourney } from './support/platform-journey.ts';
import { shopifyDriver } from './support/platform-shopify.ts';
import { ui } from './support/ui-text.ts';

/**
 * Connecting a Shopify store, once per language, against a fake Shopify on loopback (the server's
 * Shopify library routed to it in-process, the browser's requests to the shop routed to it by the
 * browser context): the platform journey (support/platform-journey.ts: sign up, open the shop's
 * app list from /connect/plat, pass the authorize page, claim, the first sync, an order webhook,
 * the uninstall and reauthorising, the theme app embed, the screens at two widths), then what
 * only Shopify has: sales-channel tokens saved and shown only as set.
 */
platformConnectJourney(shopifyDriver(), (j) => {
  it('saves the sales-channel tokens of a custom or headless setup and shows them only as set', async () => {
    const { app, page, store, lang, shots } = j;
    await page.goto(`${app.baseUrl}/store/api-token`);
    // The field is drawn at once and filled with the shop's domain when the link's details arrive.
    await expect.poll(() => page.getByTestId('shopify-tokens-domain').inputValue()).toBe(store.domain);
    expect(await page.getByTestId('shopify-admin-set').getAttribute('data-set')).toBe('no');
    await page.getByTestId('shopify-admin-token').fill(`shpat_${'a1'.repeat(16)}`);
    await page.getByTestId('shopify-tokens-save').click();
    await expect.poll(() => page.getByTestId('shopify-admin-set').getAttribute('data-set')).toBe('yes');
    expect(await page.getByTestId('shopify-admin-token').inputValue()).toBe('');
    expect(await page.getByTestId('shopify-admin-set').textContent()).toBe(ui(lang, 'platformLink.tokens.set'));
    await snap(page, shots, '10-tokens');
  });
});
