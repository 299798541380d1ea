import type { ProductSummary } from '@storecast/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_KEY, readDraft, writeDraft } from './element-draft-store.ts';
import { addToSlots, emptyDraft, emptySlots, parseDraft, removeFromSlots, type Slots, slotRefs, slotsFull } from './element-slots.ts';

const product = (id: string): ProductSummary => ({
  id, handle: `handle-${id}`, title: `Product ${id}`, url: '', image: null, price: 1999, compare_at_price: null, currency: 'USD',
  collection: null, tags: [], stock: null, status: 'active', variants: 0, updated_at: '2026-01-01T00:00:00.000Z',
});

function fill(ids: string[]): Slots {
  let slots: Slots = emptySlots();
  for (const id of ids) {
    const r = addToSlots(slots, product(id));
    if (!('slots' in r)) throw new Error(`refused ${id}`);
    slots = r.slots;
  }
  return slots;
}

describe('the six product slots', () => {
  it('fills No.1 to No.6 in order and is full with six', () => {
    const slots = fill(['1', '2', '3', '4', '5']);
    expect(slotsFull(slots)).toBe(false);
    expect(slots[5]).toBeNull();
    const six = fill(['1', '2', '3', '4', '5', '6']);
    expect(slotsFull(six)).toBe(true);
    expect(slotRefs(six)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('refuses a product already added with "already exists"', () => {
    expect(addToSlots(fill(['1', '2']), product('2'))).toEqual({ refused: { key: 'errors.element.duplicate' } });
  });

  it('refuses a seventh product with "Only 6 product can be added."', () => {
    expect(addToSlots(fill(['1', '2', '3', '4', '5', '6']), product('7'))).toEqual({ refused: { key: 'errors.element.onlyNum', params: { num: 6 } } });
  });

  it('empties a removed slot, keeps the others in place and fills the gap next', () => {
    const removed = removeFromSlots(fill(['1', '2', '3']), 1);
    expect(removed.map((p) => p?.id ?? null)).toEqual(['1', null, '3', null, null, null]);
    const again = addToSlots(removed, product('9'));
    expect('slots' in again && again.slots.map((p) => p?.id ?? null)).toEqual(['1', '9', '3', null, null, null]);
  });

  it('reads anything but a stored draft as an empty one', () => {
    expect(parseDraft(null)).toEqual(emptyDraft());
    expect(parseDraft('{not json')).toEqual(emptyDraft());
    expect(parseDraft(JSON.stringify({ id: 5, slots: [1, 2] }))).toEqual(emptyDraft());
    const mixed = parseDraft(JSON.stringify({ id: 's1', slots: [product('1'), { id: 2 }, null, null, null, null] }));
    expect(mixed.id).toBe('s1');
    expect(mixed.slots.map((p) => p?.id ?? null)).toEqual(['1', null, null, null, null, null]);
  });
});

describe('the element strategy data in sessionStorage', () => {
  beforeEach(() => clearDraft());

  it('round-trips the draft id and the six products through sessionStorage', () => {
    const slots = fill(['1', '2', '3', '4', '5', '6']);
    writeDraft({ id: 'strategy-1', slots });
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_KEY)!)).toMatchObject({ id: 'strategy-1' });
    // What a reload reads back: the stored text, parsed afresh.
    const reread = parseDraft(window.sessionStorage.getItem(DRAFT_KEY));
    expect(reread).toEqual({ id: 'strategy-1', slots });
    expect(readDraft()).toEqual(reread);
  });

  it('starts empty after the draft is cleared', () => {
    writeDraft({ id: 'strategy-2', slots: fill(['1']) });
    clearDraft();
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(readDraft()).toEqual(emptyDraft());
  });
});
