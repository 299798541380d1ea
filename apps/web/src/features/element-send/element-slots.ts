import { LIMITS, type ProductSummary } from '@storecast/contract';
import type { TranslationKey } from '../../shared/i18n/translation-key.ts';

/** SPEC section 5: an Element Send has exactly six products, shown as No.1-No.6. */
export const SLOT_COUNT = LIMITS.elementSendProducts;

export type Slots = readonly (ProductSummary | null)[];

/** The element strategy data the browser session keeps (SPEC section 3): the draft and its products. */
export interface ElementDraft {
  /** The strategy, once matching has created it. */
  id: string | null;
  slots: Slots;
}

export const emptySlots = (): (ProductSummary | null)[] => Array.from({ length: SLOT_COUNT }, () => null);
export const emptyDraft = (): ElementDraft => ({ id: null, slots: emptySlots() });

export interface SlotRefusal {
  key: TranslationKey;
  params?: Record<string, number>;
}

/**
 * Puts a product in the first free slot. The same product twice is refused with the
 * server's "already exists"; a seventh with its "Only 6 product can be added.".
 */
export function addToSlots(slots: Slots, product: ProductSummary): { slots: Slots } | { refused: SlotRefusal } {
  if (slots.some((p) => p?.id === product.id)) return { refused: { key: 'errors.element.duplicate' } };
  const free = slots.findIndex((p) => p === null);
  if (free < 0) return { refused: { key: 'errors.element.onlyNum', params: { num: SLOT_COUNT } } };
  return { slots: slots.map((p, i) => (i === free ? product : p)) };
}

/** Empties one slot; the others keep their numbers. */
export function removeFromSlots(slots: Slots, index: number): Slots {
  return slots.map((p, i) => (i === index ? null : p));
}

/** Matching starts only with all six slots filled. */
export function slotsFull(slots: Slots): boolean {
  return slots.length === SLOT_COUNT && slots.every((p) => p !== null);
}

/** What /element/match is sent: the six product ids in slot order. */
export function slotRefs(slots: Slots): string[] {
  return slots.flatMap((p) => (p ? [p.id] : []));
}

/**
 * Reads a stored draft back. Anything else than the shape written (an older version, a hand
 * edit, another tab's half-write) starts over empty rather than breaking the page.
 */
export function parseDraft(raw: string | null): ElementDraft {
  if (!raw) return emptyDraft();
  try {
    const value = JSON.parse(raw) as Partial<ElementDraft>;
    const id = typeof value.id === 'string' && value.id.length <= 50 ? value.id : null;
    const slots = Array.isArray(value.slots) && value.slots.length === SLOT_COUNT
      ? value.slots.map((p) => (isProduct(p) ? p : null))
      : emptySlots();
    return { id, slots };
  } catch {
    return emptyDraft();
  }
}

export function serializeDraft(draft: ElementDraft): string {
  return JSON.stringify(draft);
}

function isProduct(p: unknown): p is ProductSummary {
  const v = p as ProductSummary | null;
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.title === 'string'
    && typeof v.price === 'number' && typeof v.currency === 'string';
}
