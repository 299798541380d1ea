import { audienceRoutes, outboxRoutes, shopRoutes } from '@storecast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from './token-store.ts';
import { useApiCache } from './use-api-cache.ts';
import { useApiMutation, useApiQuery } from './use-api-query.ts';

/**
 * The data layer against a stand-in for the network (fetch is the browser's, not ours): each
 * request is recorded, and the answer names the session that asked and how many requests came
 * before, so a test can tell a cached answer from a fresh one.
 */
let requests: { method: string; url: string; auth: string | null }[] = [];

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  requests.push({ method: init?.method ?? 'GET', url: String(input), auth: headers.get('Authorization') });
  const data = String(input).endsWith(audienceRoutes.tagList.path)
    ? [{ id: requests.length, name: `${headers.get('Authorization')} #${requests.length}`, count: 0 }]
    : null;
  return Promise.resolve(new Response(JSON.stringify({ code: 100, msg: 'ok', data }), { headers: { 'Content-Type': 'application/json' } }));
}

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
const tagRequests = () => requests.filter((r) => r.url.endsWith(audienceRoutes.tagList.path));

beforeEach(() => {
  requests = [];
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  setToken('token-a');
});

afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
  setToken('');
});

describe('useApiQuery', () => {
  it('keeps one cache entry for one route and input, whichever feature asks', async () => {
    const { result } = renderHook(
      () => ({
        list: useApiQuery(audienceRoutes.tagList),
        sameAgain: useApiQuery(audienceRoutes.tagList, { quiet: true }),
        detail: useApiQuery(audienceRoutes.subscriberDetail, { query: { id: '7' } }),
        otherDetail: useApiQuery(audienceRoutes.subscriberDetail, { query: { id: '8' } }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.otherDetail.isSuccess && result.current.sameAgain.isSuccess).toBe(true));
    expect(tagRequests()).toHaveLength(1);
    expect(result.current.sameAgain.data).toBe(result.current.list.data);
    expect(requests.filter((r) => r.url.includes(audienceRoutes.subscriberDetail.path)).map((r) => r.url).sort())
      .toEqual([`/api${audienceRoutes.subscriberDetail.path}?id=7`, `/api${audienceRoutes.subscriberDetail.path}?id=8`]);
    expect(client.getQueryCache().findAll({ queryKey: ['GET', audienceRoutes.tagList.path] })).toHaveLength(1);
  });

  it('keeps another session apart, so a new sign-in never shows the previous answers', async () => {
    const { result } = renderHook(() => useApiQuery(audienceRoutes.tagList), { wrapper });
    await waitFor(() => expect(result.current.data?.[0]?.name).toBe('Bearer token-a #1'));

    act(() => setToken('token-b'));
    // The first render in the new session has nothing to show rather than the old answer.
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data?.[0]?.name).toBe('Bearer token-b #2'));
    expect(client.getQueryCache().findAll({ queryKey: ['GET', audienceRoutes.tagList.path] })).toHaveLength(2);
  });

  it('does not ask a store route without a session, but does ask a public one', async () => {
    setToken('');
    const { result } = renderHook(() => ({ tags: useApiQuery(audienceRoutes.tagList), fonts: useApiQuery(shopRoutes.fontList) }), { wrapper });
    await waitFor(() => expect(result.current.fonts.isSuccess).toBe(true));
    expect(result.current.tags.fetchStatus).toBe('idle');
    expect(tagRequests()).toHaveLength(0);
  });
});

describe('useApiMutation and useApiCache', () => {
  it('refetches the routes a change names before its onSuccess runs', async () => {
    const seenOnSuccess: string[] = [];
    const { result } = renderHook(
      () => {
        const tags = useApiQuery(audienceRoutes.tagList);
        const save = useApiMutation(audienceRoutes.tagSave, {
          invalidates: [audienceRoutes.tagList],
          onSuccess: () => void seenOnSuccess.push(client.getQueryData<{ name: string }[]>(['GET', audienceRoutes.tagList.path, {}, 'token-a'])?.[0]?.name ?? ''),
        });
        return { tags, save };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.tags.isSuccess).toBe(true));
    await act(() => result.current.save.mutateAsync({ name: 'VIP' }));
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /api${audienceRoutes.tagList.path}`,
      `POST /api${audienceRoutes.tagSave.path}`,
      `GET /api${audienceRoutes.tagList.path}`,
    ]);
    await waitFor(() => expect(result.current.tags.data?.[0]?.name).toBe('Bearer token-a #3'));
    // onSuccess ran once the list was refetched: the cache held the answer from after the change.
    expect(seenOnSuccess).toEqual(['Bearer token-a #3']);
  });

  it('invalidates a route whatever input it was read with', async () => {
    const { result } = renderHook(
      () => ({ a: useApiQuery(outboxRoutes.detail, { query: { id: 'a' } }), b: useApiQuery(outboxRoutes.detail, { query: { id: 'b' } }), cache: useApiCache() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.a.isSuccess && result.current.b.isSuccess).toBe(true));
    await act(() => result.current.cache.invalidate(outboxRoutes.detail));
    expect(requests.filter((r) => r.url.includes(outboxRoutes.detail.path))).toHaveLength(4);
  });

  it('drops every answer when the session moves to another store', async () => {
    const { result } = renderHook(
      () => ({ tags: useApiQuery(audienceRoutes.tagList), switchStore: useApiMutation(shopRoutes.switchStore, { switchesStore: true }) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.tags.isSuccess).toBe(true));
    const seen: (string | undefined)[] = [];
    const unsubscribe = client.getQueryCache().subscribe(() => seen.push(client.getQueryData<{ name: string }[]>(['GET', audienceRoutes.tagList.path, {}, 'token-a'])?.[0]?.name));
    await act(() => result.current.switchStore.mutateAsync({ shop_id: '00000000-0000-4000-8000-000000000001' }));
    unsubscribe();
    // Between the switch and the new answer the old store's list was gone, not on screen.
    expect(seen).toContain(undefined);
    await waitFor(() => expect(result.current.tags.data?.[0]?.name).toBe('Bearer token-a #3'));
  });
});
