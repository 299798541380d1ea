import { formatMoney } from '@storecast/contract';

/** A contract money object in its currency's symbol and decimals (the contract's currency table). */
export function formatPrice(money: { amount_minor: number; currency: string } | undefined): string {
  return money ? formatMoney(money.amount_minor, money.currency) : '-';
}
