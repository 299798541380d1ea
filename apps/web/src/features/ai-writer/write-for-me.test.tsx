import { aiRoutes, type EmailDoc, type WrittenCopyData } from '@storecast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../shared/api/token-store.ts';
import i18n from '../../shared/i18n/i18n.ts';
import { SettingPage } from '../segment-send/index.ts';
import { applyCopyToDoc } from './copy-to-doc.ts';
import { loadAiWriterStrings } from './load-ai-writer-strings.ts';
import { WriteForMe } from './write-for-me.tsx';

/**
 * The button as the wizard uses it, against a stand-in for the network (fetch is the browser's):
 * the write-copy route answers copy in the request's language, or SPEC's failure message.
 */
const copyFor = (lang: string, seed: number): WrittenCopyData => ({
  subject: lang === 'zh-CN' ? `欢迎来到青叶茶舍 #${seed}` : `Welcome to Green Leaf Tea #${seed}`,
  preview: lang === 'zh-CN' ? '本周精选' : "This week's picks",
  heading: 'Heading', body: 'One.\n\nTwo & three.', button: 'Shop now', sms: 'sms', by: 'built-in',
});
let bodies: Record<string, unknown>[] = [];
let failWith = '';

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const lang = new Headers(init?.headers).get('Accept-Language') ?? 'zh-CN';
  const json = (data: unknown, code = 100, msg = 'ok') =>
    Promise.resolve(new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } }));
  if (url.endsWith(aiRoutes.writeCopy.path)) {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    if (failWith) return json(null, 101, failWith);
    return json(copyFor(lang, Number(body.seed ?? 0)));
  }
  return json([]);
}

let client: QueryClient;
const wrap = (node: ReactNode) => render(
  <QueryClientProvider client={client}><MemoryRouter><App>{node}</App></MemoryRouter></QueryClientProvider>,
);

// The strings load with the first page that shows the button, as they would in the app.
beforeAll(() => loadAiWriterStrings(), 30_000);

beforeEach(() => {
  bodies = [];
  failWith = '';
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  setToken('token-a');
});
/** The admin's language: i18next's, and the stored choice the API client sends as Accept-Language. */
async function useLanguage(lang: string) {
  localStorage.setItem('storecast.language', lang);
  await act(() => i18n.changeLanguage(lang));
}

afterEach(async () => {
  localStorage.removeItem('storecast.language');
  vi.unstubAllGlobals();
  client.clear();
  setToken('');
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe.each([['zh-CN', '帮我写', '换一版'], ['en-US', 'Write it for me', 'Write another']])(
  'write it for me in %s',
  (lang, button, again) => {
    it('writes from the notes and hands the copy over, another variant each time', async () => {
      await useLanguage(lang);
      const onWritten = vi.fn();
      wrap(<WriteForMe purpose="welcome" channel="email" couponId="c-1" onWritten={onWritten} />);
      fireEvent.click(await screen.findByText(button, { exact: false }));
      fireEvent.change(await screen.findByTestId('write-for-me-brief'), { target: { value: '  Spring tea ' } });
      fireEvent.click(screen.getByTestId('write-for-me-write'));
      await waitFor(() => expect(onWritten).toHaveBeenCalledTimes(1));
      expect(onWritten.mock.calls[0]![0]).toEqual(copyFor(lang, 0));
      expect(bodies[0]).toEqual({ purpose: 'welcome', channel: 'email', brief: 'Spring tea', coupon_id: 'c-1', seed: 0 });
      fireEvent.click(screen.getByTestId('write-for-me'));
      expect(await screen.findByTestId('write-for-me-write')).toHaveTextContent(again);
      fireEvent.click(screen.getByTestId('write-for-me-write'));
      await waitFor(() => expect(onWritten).toHaveBeenCalledTimes(2));
      expect(bodies[1]!.seed).toBe(1);
    }, 20_000);

    it('fills the Segment Send subject and preview text on the setting step', async () => {
      await useLanguage(lang);
      wrap(<SettingPage />);
      fireEvent.click(await screen.findByTestId('send-write-for-me'));
      fireEvent.click(await screen.findByTestId('send-write-for-me-write'));
      await waitFor(() => expect(screen.getByTestId('send-subject')).toHaveValue(copyFor(lang, 0).subject));
      expect(screen.getByTestId('send-summary')).toHaveValue(copyFor(lang, 0).preview);
      expect(bodies[0]).toMatchObject({ purpose: 'campaign', channel: 'email' });
    }, 20_000);
  },
);

it('leaves the fields alone and shows the server\'s message when writing fails', async () => {
  await useLanguage('en-US');
  failWith = 'ChatGPT service is currently unavailable, please try again later.';
  const onWritten = vi.fn();
  wrap(<WriteForMe purpose="campaign" channel="email" onWritten={onWritten} />);
  fireEvent.click(await screen.findByTestId('write-for-me'));
  fireEvent.click(await screen.findByTestId('write-for-me-write'));
  expect(await screen.findByText(failWith)).toBeInTheDocument();
  expect(onWritten).not.toHaveBeenCalled();
});

describe('applyCopyToDoc', () => {
  const copy = copyFor('en-US', 0);
  it('fills the first text block and button, escaping the words', () => {
    const doc: EmailDoc = { version: 1, blocks: [
      { type: 'header', id: 'h', align: 'center' },
      { type: 'text', id: 't1', html: '<p>old</p>', align: 'left' },
      { type: 'text', id: 't2', html: '<p>keep</p>', align: 'left' },
      { type: 'button', id: 'b', text: 'Old', href: 'https://example.com', align: 'center' },
      { type: 'footer', id: 'f', text: '', address: '' },
    ] };
    const out = applyCopyToDoc(doc, copy);
    expect(out.blocks[1]).toMatchObject({ id: 't1', html: '<p><strong>Heading</strong></p><p>One.</p><p>Two &amp; three.</p>' });
    expect(out.blocks[2]).toMatchObject({ html: '<p>keep</p>' });
    expect(out.blocks[3]).toMatchObject({ text: 'Shop now', href: 'https://example.com' });
  });

  it('inserts a text block after the header, before the footer, when there is none', () => {
    const doc: EmailDoc = { version: 1, blocks: [{ type: 'header', id: 'h', align: 'center' }, { type: 'footer', id: 'f', text: '', address: '' }] };
    expect(applyCopyToDoc(doc, copy).blocks.map((b) => b.type)).toEqual(['header', 'text', 'footer']);
    const bare: EmailDoc = { version: 1, blocks: [{ type: 'footer', id: 'f', text: '', address: '' }] };
    expect(applyCopyToDoc(bare, copy).blocks.map((b) => b.type)).toEqual(['text', 'footer']);
  });
});
