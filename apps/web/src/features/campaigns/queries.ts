import {
  CAMPAIGN_LIMITS, campaignLinkRoutes, type CampaignStatus, type CampaignType, campaignRoutes, catalogueRoutes, type DateRangeKey, shopRoutes,
} from '@storecast/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';

export const PAGE_SIZE = 20;

export interface ListFilters {
  page: number;
  status?: CampaignStatus;
  type?: CampaignType;
}

/** One page of the store's campaigns, newest first; the previous page stays while the next loads. */
export function useCampaignList({ page, status, type }: ListFilters) {
  return useApiQuery(campaignRoutes.list, { query: { page, page_size: PAGE_SIZE, status, type } }, { placeholderData: keepPreviousData });
}

const byId = (id: string | null) => ({ query: { id: id ?? '' } });

export function useCampaignDetail(id: string | null) {
  return useApiQuery(campaignRoutes.detail, byId(id), { enabled: !!id });
}

/**
 * What a campaign brought over one of the eight ranges. The previous range's numbers stay on
 * screen while the next range loads, so the page does not fall back to a spinner at each click.
 */
export function useCampaignReport(id: string | null, range: DateRangeKey) {
  return useApiQuery(campaignRoutes.report, { query: { id: id ?? '', range } }, { enabled: !!id, placeholderData: keepPreviousData });
}

/** The sends and flows that promote a campaign, asked right before closing or deleting it. */
export function readUsage(id: string) {
  return call(campaignRoutes.usage, { query: { id } });
}

const byBody = (id: string) => ({ body: { id } });

/** The state moves of SPEC 4; each refreshes the list and the campaign's own detail. */
export function useCampaignMoves() {
  const opts = { input: byBody, invalidates: [campaignRoutes.list, campaignRoutes.detail] } as const;
  return {
    enable: useApiMutation(campaignRoutes.enable, opts),
    archive: useApiMutation(campaignRoutes.archive, opts),
    restore: useApiMutation(campaignRoutes.restore, opts),
    close: useApiMutation(campaignRoutes.close, opts),
    delete: useApiMutation(campaignRoutes.remove, opts),
  };
}

export function useSaveCampaign() {
  const cache = useApiCache();
  return useApiMutation(campaignRoutes.save, {
    invalidates: [campaignRoutes.list],
    // The answer is the saved campaign: opening it again reads it without asking.
    onSuccess: (saved) => void cache.set(campaignRoutes.detail, byId(saved.campaign.id), saved.campaign),
  });
}

export interface BlockedQuery {
  q: string;
  page: number;
  page_size: number;
}

/** One page of the store's blocked products, last blocked first; the previous page stays while the next loads. */
export function useBlockedProducts(query: BlockedQuery) {
  return useApiQuery(catalogueRoutes.blockedList, { query }, { placeholderData: keepPreviousData });
}

const byProductIds = (ids: string[]) => ({ body: { product_ids: ids } });

/** Blocking and unblocking store products; each refreshes the list. */
export function useBlockedMoves() {
  const opts = { input: byProductIds, invalidates: [catalogueRoutes.blockedList] } as const;
  return { block: useApiMutation(catalogueRoutes.block, opts), unblock: useApiMutation(catalogueRoutes.unblock, opts) };
}

/** One page of the store's saved links, newest first; the previous page stays while the next loads. */
export function useCampaignLinks(query: { page: number; page_size: number }) {
  return useApiQuery(campaignLinkRoutes.list, { query }, { placeholderData: keepPreviousData });
}

/** Saving and deleting links; each refreshes the list. */
export function useCampaignLinkMoves() {
  return {
    create: useApiMutation(campaignLinkRoutes.create, { invalidates: [campaignLinkRoutes.list] }),
    remove: useApiMutation(campaignLinkRoutes.remove, { input: byBody, invalidates: [campaignLinkRoutes.list] }),
  };
}

/** The campaigns a link may name: the newest the list gives at once, closed ones left out. */
export function useCampaignChoices() {
  return useApiQuery(campaignRoutes.list, { query: { page: 1, page_size: CAMPAIGN_LIMITS.pageSizeMax } }, {
    select: (data) => data.items.filter((c) => c.status !== 'closed'),
  });
}

/** The store's homepage, which a link's destination starts from. */
export function useStoreHomepage() {
  return useApiQuery(shopRoutes.info, { quiet: true }, { select: (info) => info.homepage_url });
}
