export { PricingPlanPage } from './pricing-plan-page.tsx';
export { StoreInfoPage } from './store-info-page.tsx';
export { VipPlanPage } from './vip-plan-page.tsx';
export { ApiTokenPage } from './api-token-page.tsx';
