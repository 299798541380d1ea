import type { Slot, SlotTable } from './slot-table.ts';

/** Literal parts around slots: parts[0] slot[0] parts[1] … slot[n-1] parts[n]. */
export interface Template {
  parts: string[];
  slots: Slot[];
}

/** Cuts a built string at the table's tokens. Runs once per compile, never per recipient. */
export function splitTemplate(built: string, table: SlotTable): Template {
  const parts: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of built.matchAll(table.tokenPattern)) {
    parts.push(built.slice(last, match.index));
    slots.push(table.slots[Number(match[1])]!);
    last = match.index + match[0].length;
  }
  parts.push(built.slice(last));
  return { parts, slots };
}
