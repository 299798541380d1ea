import type { FlowKind } from '@storecast/contract';
import type { TFunction } from 'i18next';

/** A flow kind's name, what starts it and what it sends, in the admin's language. */
export function flowText(t: TFunction, kind: FlowKind, part: 'name' | 'trigger' | 'sends'): string {
  return t(`automation.kinds.${kind}.${part}`);
}
