import { authRoutes, campaignLinkRoutes, campaignRoutes, shopRoutes } from '@storecast/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { CampaignCentrePage } from './campaign-centre-page.tsx';
import { drawQrCode } from './draw-qr-code.ts';
import { respond, setUpPageTests } from './test/page-test-harness.tsx';

/**
 * /custom?tab=toolbox&tool=links against a stand-in for the network: the form's own field rules,
 * the server's refusal of another host shown on its field, a saved link's copy buttons and QR
 * code, and the saved links paged on the server with a delete only after its confirm.
 */
const SHORT = 'https://app.example.com/api/public/l/';
const link = (id: string, code: string, clicks: number, campaign: { id: string; name: string } | null = null) => ({
  id, code, destination: 'https://tea.example.com/green', full_url: `https://tea.example.com/green?utm_source=storecast&utm_medium=social&utm_campaign=${id}`,
  short_url: `${SHORT}${code}`, utm_source: 'storecast', utm_medium: 'social', utm_campaign: id, utm_term: '', utm_content: '',
  campaign, clicks, last_clicked_at: null, created_at: '2026-11-03T00:00:00.000Z',
});
const FOREIGN = { 'en-US': 'The link must open a page of the store\'s own domain: tea.example.com.', 'zh-CN': '链接必须指向本店铺的域名：tea.example.com。' };
let asked: string[] = [];

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://admin');
  const path = url.pathname.replace(/^\/api/, '');
  const body = init?.body ? JSON.parse(String(init.body)) as Record<string, unknown> : {};
  asked.push(`${init?.method ?? 'GET'} ${path}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`);
  const answer = (code: number, data: unknown, msg = 'ok') => respond({ code, msg, data });
  if (path === campaignLinkRoutes.create.path) {
    if (String(body.destination).includes('evil')) {
      const msg = FOREIGN[(init?.headers as Record<string, string>)['Accept-Language'] as 'en-US' | 'zh-CN'];
      return answer(103, { fields: { destination: msg } }, msg);
    }
    return answer(100, { ...link('made', 'NewCode1', 0, body.campaign_id ? { id: 'c-1', name: 'Tea week' } : null), utm_campaign: body.utm_campaign });
  }
  const page = Number(url.searchParams.get('page') ?? 1);
  const data = path === campaignLinkRoutes.list.path
    ? { items: page === 1 ? [link('spring', 'Spring01', 1234, { id: 'c-1', name: 'Tea week' }), link('autumn', 'Autumn01', 0)] : [link('old', 'OldLink1', 7)], total: 21 }
    : path === campaignLinkRoutes.remove.path ? { deleted: true }
    : path === campaignRoutes.list.path ? { items: [{ id: 'c-1', name: 'Tea week', status: 'enabled' }, { id: 'c-2', name: 'Gone', status: 'closed' }], total: 2, page: 1, page_size: 100 }
    : path === shopRoutes.info.path ? { homepage_url: 'https://tea.example.com' }
    : path === authRoutes.info.path ? { manager_info: { manager_role: 'owner' } }
    : null;
  return answer(100, data);
}

const writeText = vi.fn((_text: string) => Promise.resolve());
const harness = setUpPageTests(fakeApi);
beforeEach(() => {
  asked = [];
  writeText.mockClear();
  Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
});

const renderLinks = () => harness.show(<CampaignCentrePage />, '/custom?tab=toolbox&tool=links');
const creates = () => asked.filter((a) => a.startsWith(`POST ${campaignLinkRoutes.create.path}`));
const lists = () => asked.filter((a) => a.startsWith(`GET ${campaignLinkRoutes.list.path}`));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

it('checks the fields in the form before asking the server', { timeout: 20_000 }, async () => {
  await act(() => i18n.changeLanguage('en-US'));
  renderLinks();
  await screen.findAllByTestId('link-row');
  expect(screen.getByTestId('link-utm_source')).toHaveValue('storecast');
  type('link-destination', 'tea.example.com/green');
  type('link-utm_source', '');
  type('link-utm_campaign', 'a\tb');
  fireEvent.click(screen.getByTestId('link-generate'));
  expect(await screen.findByText('Enter a full link starting with http:// or https://.')).toBeInTheDocument();
  expect(screen.getByText('Fill in this UTM parameter.')).toBeInTheDocument();
  expect(screen.getByText('Line breaks, tabs and other control characters are not allowed.')).toBeInTheDocument();
  expect(creates()).toEqual([]);
});

it('shows the server\'s refusal of another host on the destination, in the owner\'s language', { timeout: 20_000 }, async () => {
  renderLinks();
  await screen.findAllByTestId('link-row');
  expect(screen.getByTestId('toolbox-links')).toHaveTextContent('链接生成器');
  type('link-destination', 'https://evil.example.net/tea');
  type('link-utm_campaign', 'spring');
  fireEvent.click(screen.getByTestId('link-generate'));
  await waitFor(() => expect(creates()).toHaveLength(1));
  expect(await screen.findAllByText(FOREIGN['zh-CN'])).not.toHaveLength(0);
  expect(screen.queryByTestId('link-result')).toBeNull();
});

it('saves a link for a campaign and shows both links with copy buttons and the QR code', { timeout: 20_000 }, async () => {
  await act(() => i18n.changeLanguage('en-US'));
  renderLinks();
  await screen.findAllByTestId('link-row');
  expect(await screen.findByText('A page of tea.example.com or another domain of your store.')).toBeInTheDocument();
  type('link-destination', 'https://tea.example.com/green');
  const picker = screen.getByTestId('link-campaign');
  fireEvent.mouseDown(within(picker).getByRole('combobox'));
  fireEvent.click(await screen.findByText('Tea week', { selector: '.ant-select-item-option-content' }));
  // The closed campaign is no choice, and the chosen one names the empty campaign parameter.
  expect(screen.queryByText('Gone', { selector: '.ant-select-item-option-content' })).toBeNull();
  expect(screen.getByTestId('link-utm_campaign')).toHaveValue('Tea week');
  const before = lists().length;
  fireEvent.click(screen.getByTestId('link-generate'));
  await waitFor(() => expect(creates()).toHaveLength(1));
  expect(JSON.parse(creates()[0]!.split(' ').slice(2).join(' '))).toEqual({
    destination: 'https://tea.example.com/green', utm_source: 'storecast', utm_medium: 'social', utm_campaign: 'Tea week', utm_term: '', utm_content: '', campaign_id: 'c-1',
  });
  const result = await screen.findByTestId('link-result');
  expect(within(result).getByTestId('link-short')).toHaveTextContent(`${SHORT}NewCode1`);
  expect(within(result).getByTestId('link-full')).toHaveTextContent('utm_campaign=made');
  fireEvent.click(within(result).getByTestId('link-short-copy'));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${SHORT}NewCode1`));
  fireEvent.click(within(result).getByTestId('link-full-copy'));
  await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(expect.stringContaining('https://tea.example.com/green?')));
  const qr = within(result).getByTestId('link-qr-svg');
  expect(qr).toHaveAttribute('aria-label', `QR code of ${SHORT}NewCode1`);
  expect(qr.querySelector('path')?.getAttribute('d')).toBe(drawQrCode(`${SHORT}NewCode1`).path);
  // The saved links are read again.
  await waitFor(() => expect(lists().length).toBeGreaterThan(before));
});

it('lists the saved links a page at a time with their clicks, and deletes one only after the confirm', { timeout: 20_000 }, async () => {
  await act(() => i18n.changeLanguage('en-US'));
  renderLinks();
  const rows = await screen.findAllByTestId('link-row');
  expect(rows.map((r) => r.getAttribute('data-link-id'))).toEqual(['spring', 'autumn']);
  expect(within(rows[0]!).getByTestId('link-row-clicks')).toHaveTextContent('1,234');
  expect(rows[0]).toHaveTextContent('Tea week');
  expect(rows[0]).toHaveTextContent(`${SHORT}Spring01`);
  expect(screen.getByText('21 in all')).toBeInTheDocument();
  expect(lists()[0]).toContain('page=1&page_size=20');

  fireEvent.click(within(screen.getByTestId('link-list')).getByTitle('2'));
  await waitFor(() => expect(screen.getAllByTestId('link-row').map((r) => r.getAttribute('data-link-id'))).toEqual(['old']));
  expect(lists().at(-1)).toContain('page=2');

  fireEvent.click(within(screen.getAllByTestId('link-row')[0]!).getByTestId('link-row-delete'));
  expect(await screen.findAllByText(`Delete ${SHORT}OldLink1?`)).not.toHaveLength(0);
  expect(asked.some((a) => a.startsWith(`POST ${campaignLinkRoutes.remove.path}`))).toBe(false);
  fireEvent.click(screen.getByTestId('link-confirm-ok'));
  await waitFor(() => expect(asked).toContain(`POST ${campaignLinkRoutes.remove.path} {"id":"old"}`));
  // The last row of page 2 gone: the page before is shown.
  await waitFor(() => expect(lists().at(-1)).toContain('page=1'));
});

it('draws the QR code from the library\'s modules with a quiet zone', () => {
  const small = drawQrCode('https://a.example.com/l/Ab12Cd34');
  expect(small.size).toBeGreaterThanOrEqual(21 + 8);
  expect((small.size - 8 - 17) % 4).toBe(0);
  // The three finder patterns start at the quiet zone's corner.
  expect(small.path.startsWith('M4 4h7v1h-7z')).toBe(true);
});
