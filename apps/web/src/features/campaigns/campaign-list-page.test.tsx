import { authRoutes, campaignRoutes } from '@storecast/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { CampaignListPage } from './campaign-list-page.tsx';
import { ok, pathOf, setUpPageTests } from './test/page-test-harness.tsx';

/**
 * /custom against a stand-in for the network (fetch is the browser's): the campaigns with their
 * state, and a close that first names the sends it affects, then closes.
 */
const item = (id: string, name: string, status: string) => ({
  id, name, type: 'flash_sale', form: 'percent', status, starts_at: '2026-12-01T00:00:00.000Z', ends_at: null,
  created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z', draws: 0,
});
let asked: string[] = [];

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = pathOf(input);
  asked.push(`${init?.method ?? 'GET'} ${path}${init?.body ? ` ${String(init.body)}` : ''}`);
  const data = path === campaignRoutes.list.path ? { items: [item('c-1', 'Black Friday', 'enabled'), item('c-2', 'Winter draft', 'draft')], total: 2, page: 1, page_size: 20 }
    : path === campaignRoutes.usage.path ? [{ kind: 'strategy', id: 's-1', name: 'Spring newsletter' }, { kind: 'flow', id: 'f-1', name: 'welcome' }]
    : path === authRoutes.info.path ? { manager_info: { manager_role: 'owner' } }
    : path === campaignRoutes.close.path ? { campaign: { ...item('c-1', 'Black Friday', 'closed') }, affected: [{ kind: 'strategy', id: 's-1', name: 'Spring newsletter' }] }
    : null;
  return ok(data);
}

const page = setUpPageTests(fakeApi);
beforeEach(() => {
  asked = [];
});

it('lists campaigns with their state, and names the sends a close affects before closing', async () => {
  await act(() => i18n.changeLanguage('en-US'));
  page.show(<CampaignListPage />);
  const rows = await screen.findAllByTestId('campaign-row');
  expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['enabled', 'draft']);
  expect(within(rows[0]!).getByTestId('campaign-status')).toHaveTextContent('Enabled');
  expect(rows[0]).toHaveTextContent('Flash sale · Percent off');
  // A draft may be enabled; an enabled campaign may not be enabled again.
  expect(within(rows[1]!).getByTestId('campaign-enable')).toBeInTheDocument();
  expect(within(rows[0]!).queryByTestId('campaign-enable')).toBeNull();
  // Deleting is the owner's.
  await waitFor(() => expect(within(rows[1]!).getByTestId('campaign-delete')).toBeInTheDocument());

  fireEvent.click(within(rows[0]!).getByTestId('campaign-close'));
  const usage = await screen.findByTestId('campaign-usage');
  expect(asked).toContain('GET /campaign/usage');
  expect(usage).toHaveTextContent('Once you close it, they no longer name it');
  expect(screen.getAllByTestId('campaign-usage-item').map((li) => li.textContent)).toEqual(['Segment Send: Spring newsletter', 'Smart Send flow: Welcome series']);
  expect(asked.some((a) => a.startsWith('POST /campaign/close'))).toBe(false);
  fireEvent.click(screen.getByTestId('campaign-confirm-ok'));
  await waitFor(() => expect(asked).toContain('POST /campaign/close {"id":"c-1"}'));
});
