import { api } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.ts';
import { registerRoute } from '../../../http/register-route.ts';
import { changeMembershipRenewal, changePackRenewal, listRenewablePacks } from './change-renewal.ts';
import { listLedger, listLedgerPackNames } from './list-ledger.ts';
import { listMembershipOffers, listPackOffers, paymentConfig, readChargeCurrency } from './list-offers.ts';
import { quoteMembershipUpgrade } from './quote-upgrade.ts';

/** What is on sale, the upgrade quote, the ledger and the auto-renewal switches. */
export function offerRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.billing;
  registerRoute(app, deps, r.paymentConfig, async () => paymentConfig(deps));
  registerRoute(app, deps, r.packList, async ({ scope }) => listPackOffers(await readChargeCurrency(deps, scope.shopId)));
  registerRoute(app, deps, r.vipList, async ({ scope }) => listMembershipOffers(await readChargeCurrency(deps, scope.shopId)));
  registerRoute(app, deps, r.upgradePrice, async ({ scope, query }) => {
    const q = await quoteMembershipUpgrade(deps.dbh, scope.shopId, { level: query.level as 1 | 2 | 3, months: query.months as 1 | 12 });
    const money = (amount_minor: number) => ({ amount_minor, currency: q.currency });
    return {
      price: money(q.price), upgrade_cost: money(q.upgradeCost), credit: money(q.credit),
      term_days: q.termDays, days_remaining: q.daysRemaining,
    };
  });
  registerRoute(app, deps, r.detailList, ({ scope, query, locale }) => listLedger(deps, scope, query, locale));
  registerRoute(app, deps, r.detailNameList, ({ scope, locale }) => listLedgerPackNames(deps, scope, locale));
  registerRoute(app, deps, r.renewList, ({ scope, locale }) => listRenewablePacks(deps, scope, locale));
  registerRoute(app, deps, r.changePackRenew, async ({ scope, body, locale, setMessage }) => {
    const pack = await changePackRenewal(deps, scope, body.id, body.is_auto_renew, locale);
    setMessage(body.is_auto_renew ? 'notices.billing.renewOn' : 'notices.billing.renewOff');
    return pack;
  });
  registerRoute(app, deps, r.changeVipRenew, async ({ scope, body, setMessage }) => {
    const state = await changeMembershipRenewal(deps, scope, body.is_auto_renew);
    setMessage(body.is_auto_renew ? 'notices.billing.renewOn' : 'notices.billing.renewOff');
    return state;
  });
}
