import {
  type AiChoice, type AiReason, ERROR_MESSAGES, type FlowAiNote, flowAiNoteSchema, LOCALES, NOTICE_MESSAGES, WAIT_UNITS, type WaitUnit,
} from '@storecast/contract';
import { z } from 'zod';

/**
 * A flow's AI note as the admin reads it. Notes written before notes were data hold sentences in
 * the language of whoever turned AI on; they are read here rather than migrated, because the
 * sentences came from the message catalogue and only its templates (in TypeScript) can take them
 * apart into keys and values again. AI's next change writes the row in the new shape. Text no
 * template matches is left out rather than shown in a language the reader may not read.
 */
export function readAiNote(stored: unknown): FlowAiNote | null {
  const note = flowAiNoteSchema.safeParse(stored);
  if (note.success) return note.data;
  const old = legacyNoteSchema.safeParse(stored);
  return old.success ? fromLegacy(old.data) : null;
}

const legacyNoteSchema = z.object({
  at: z.string(),
  by: z.enum(['ai', 'built-in']),
  summary: z.string(),
  choices: z.array(z.object({ field: z.string(), value: z.string(), why: z.string() })),
});

interface Template { key: string; pattern: RegExp; names: string[] }

/** Every leaf of a catalogue with its full key. */
function leaves(node: unknown, prefix: string): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, `${prefix}.${k}`));
}

/** A sentence template as a pattern that gives back its `{{values}}`. */
function compile(key: string, text: string): Template {
  const names: string[] = [];
  const body = text.split(/(\{\{\w+\}\})/).map((part) => {
    const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
    if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name);
    return '(.*?)';
  }).join('');
  return { key, pattern: new RegExp(`^${body}$`, 's'), names };
}

let templates: { ai: Template[]; errors: Template[] } | null = null;
function allTemplates() {
  templates ??= {
    ai: LOCALES.flatMap((l) => leaves(NOTICE_MESSAGES[l].automation.ai, 'notices.automation.ai').map(([k, v]) => compile(k, v))),
    errors: LOCALES.flatMap((l) => leaves(ERROR_MESSAGES[l], 'errors').map(([k, v]) => compile(k, v))),
  };
  return templates;
}

function match(text: string, list: Template[]): AiReason | null {
  for (const t of list) {
    const m = t.pattern.exec(text);
    if (!m) continue;
    const params: Record<string, string | number> = {};
    t.names.forEach((name, i) => {
      const v = m[i + 1]!;
      params[name] = /^\d+$/.test(v) ? Number(v) : v;
    });
    return { key: t.key, params };
  }
  return null;
}

const OUTCOMES = { enabled: 'enabled', keptOff: 'keptOff', blocked: 'blocked', ownerEdited: 'ownerEdited', stayedOn: 'stayedOn' } as const;

function fromLegacy(old: z.infer<typeof legacyNoteSchema>): FlowAiNote {
  const { ai, errors } = allTemplates();
  const said = match(old.summary, ai);
  const outcome = said ? OUTCOMES[said.key.split('.').pop() as keyof typeof OUTCOMES] : undefined;
  const nested = typeof said?.params.why === 'string' ? said.params.why : '';
  const reason = outcome === 'keptOff' ? match(nested, ai) : outcome === 'blocked' ? match(nested, errors) : null;
  const why = (text: string) => match(text, ai);
  const choices = old.choices.flatMap((c): AiChoice[] => {
    const value = match(c.value, ai);
    const valueKey = value?.key.split('.').pop();
    const n = Number(value?.params.n);
    switch (c.field) {
      case 'enabled': return valueKey === 'on' || valueKey === 'off' ? [{ field: 'enabled', on: valueKey === 'on', why: why(c.why) }] : [];
      case 'first_wait': return WAIT_UNITS.includes(valueKey as WaitUnit) && n > 0 ? [{ field: 'first_wait', amount: n, unit: valueKey as WaitUnit, why: why(c.why) }] : [];
      case 'win_back_days': return valueKey === 'days' && n > 0 ? [{ field: 'win_back_days', days: n, why: why(c.why) }] : [];
      case 'coupon': {
        const coupon = /^(.+) \((\d+)%\)$/.exec(c.value);
        return [{ field: 'coupon', code: coupon?.[1] ?? null, discount: coupon ? Number(coupon[2]) : null, why: why(c.why) }];
      }
      case 'copy': return c.value === 'ai' || c.value === 'built-in' ? [{ field: 'copy', by: c.value, language: null }] : [];
      default: return [];
    }
  });
  const on = choices.find((c) => c.field === 'enabled');
  return {
    at: old.at, by: old.by, reason, choices,
    outcome: outcome ?? (on?.field === 'enabled' && on.on ? 'enabled' : 'keptOff'),
  };
}
