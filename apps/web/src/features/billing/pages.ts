// The route table's lazy entry for the billing pages, apart from index.ts (the header's indicators).
// Each page renders once the billing pages' strings have arrived.
import { CardPage as Card } from './card-page.tsx';
import { InvoicesPage as Invoices } from './invoices-page.tsx';
import { withBillingStrings } from './load-billing-strings.ts';
import { PricingPlanPage as PricingPlan } from './pricing-plan-page.tsx';
import { VipPlanPage as VipPlan } from './vip-plan-page.tsx';

export const CardPage = withBillingStrings(Card);
export const InvoicesPage = withBillingStrings(Invoices);
export const PricingPlanPage = withBillingStrings(PricingPlan);
export const VipPlanPage = withBillingStrings(VipPlan);
