import { DEFAULT_SHOP_GUIDE_FLAG, type SessionUser } from '@storecast/contract';
import { type Db, senderDomains, senders, shops } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { prepareOnce } from '../../db/prepare-once.ts';
import type { SessionContext } from './resolve-session.ts';
import { campaignStrategyOf } from '../campaigns/index.ts';
import { summarizeSender } from '../sender/index.ts';

// The admin calls info on every page load and whenever the tab becomes visible again, so the
// store, its purchase count and its sender come back in one prepared query (on PGlite, a second
// query for the sender cost 146 against 181 requests per second for the joined one).
const shopQuery = prepareOnce((db: Db) =>
  db
    .select({
      shop: shops,
      // Written with aliases: in a one-table select drizzle leaves columns unqualified, and an
      // unqualified "id" inside the subquery would name the subquery's own table.
      purchased: sql<number>`(select count(*) from send_packages p where p.shop_id = shops.id and p.kind = 'purchase')`.mapWith(Number),
      importing: sql<boolean>`exists (select 1 from imports i where i.shop_id = shops.id and i.status = 'in_progress')`,
      sender: { email: senders.email, name: senders.name, status: senders.status },
      domain: senderDomains.domain,
      domainVerifiedAt: senderDomains.verifiedAt,
    })
    .from(shops)
    .leftJoin(senders, eq(senders.shopId, shops.id))
    .leftJoin(senderDomains, eq(senderDomains.shopId, shops.id))
    .where(eq(shops.id, sql.placeholder('shopId')))
    .prepare('session_user_shop'),
);

/** The session user of SPEC section 3, read fresh on every call so a store switch shows at once. */
export async function buildSessionUser(deps: Deps, s: SessionContext): Promise<SessionUser> {
  const row = s.shopId && s.role ? (await shopQuery(deps.dbh.db).execute({ shopId: s.shopId }))[0] : undefined;
  const shop = row?.shop;
  const purchased = row?.purchased ?? 0;
  return {
    token: s.token,
    shop: shop?.name ?? '',
    shop_url: shop?.platformDomain ?? '',
    company_id: s.user.id,
    platform: (shop?.platform as SessionUser['platform']) ?? '',
    shop_id: shop?.id ?? '',
    name: s.user.name,
    install_status: shop ? shop.installStatus : '',
    host_check: shop?.hostCheck ?? false,
    campaign_strategy: shop ? campaignStrategyOf(shop.campaignStrategy, deps.config) : 0,
    manager_info: {
      manager_id: s.user.id,
      manager_role: shop ? (s.role ?? '') : '',
      manager_email: s.user.email,
      manager_mobile: s.user.mobile ?? '',
    },
    shop_guide: shop?.guide ?? { subscribe_popup: 1, popup_strategy: 1 },
    shop_guide_flag: { ...DEFAULT_SHOP_GUIDE_FLAG, ...(shop?.guideFlags ?? {}) },
    ...summarizeSender({ sender: row?.sender ?? null, homepageUrl: shop?.homepageUrl ?? '', domain: row?.domain ?? null, domainVerifiedAt: row?.domainVerifiedAt ?? null }),
    codeList: [],
    send_package_purchase_num: Number(purchased),
    // '0' while an import of the store is queued or running (the admin then holds new imports).
    flag_import: row?.importing ? '0' : '1',
    currency: shop?.currency ?? '',
    timezone: shop?.timezone ?? '',
  };
}
