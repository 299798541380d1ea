import type { Locale } from '@storecast/contract';
import type { RawConnection } from '@storecast/db';

export interface RuntimeStep {
  id: string;
  versionId: string;
  flowId: string;
  type: 'wait' | 'email' | 'sms' | 'split';
  config: Record<string, unknown>;
  nextId: string | null;
  otherId: string | null;
}

export interface RuntimeVersion {
  id: string;
  exitOnPurchase: boolean;
  locale: Locale;
  utm?: { source: string; medium: string; campaign: string };
  steps: Map<string, RuntimeStep>;
}

/** Published versions never change, so each process reads one once. */
const cache = new Map<string, RuntimeVersion>();
const CACHE_MAX = 500;

/** The versions asked for, from the cache or the database (one query for all that are missing). */
export async function loadFlowVersions(c: Pick<RawConnection, 'query'>, ids: readonly string[]): Promise<Map<string, RuntimeVersion>> {
  const out = new Map<string, RuntimeVersion>();
  const missing = [...new Set(ids)].filter((id) => {
    const v = cache.get(id);
    if (v) out.set(id, v);
    return !v;
  });
  if (missing.length === 0) return out;
  const { rows: versions } = await c.query<{ id: string; definition: Record<string, unknown> }>(
    `select id, definition from flow_versions where id = any($1::uuid[])`, [missing],
  );
  const { rows: steps } = await c.query<{ id: string; version_id: string; flow_id: string; type: RuntimeStep['type']; config: Record<string, unknown>; next_id: string | null; other_id: string | null }>(
    `select id, version_id, flow_id, type, config, next_id, other_id from flow_steps where version_id = any($1::uuid[])`, [missing],
  );
  for (const row of versions) {
    const def = row.definition;
    const v: RuntimeVersion = {
      id: row.id,
      exitOnPurchase: def.exit_on_purchase === true,
      // A definition may name the language its words were written in; the admin's default otherwise.
      locale: def.locale === 'en-US' ? 'en-US' : 'zh-CN',
      utm: def.utm as RuntimeVersion['utm'],
      steps: new Map(),
    };
    for (const s of steps) {
      if (s.version_id !== row.id) continue;
      v.steps.set(s.id, { id: s.id, versionId: s.version_id, flowId: s.flow_id, type: s.type, config: s.config, nextId: s.next_id, otherId: s.other_id });
    }
    cache.set(row.id, v);
    out.set(row.id, v);
  }
  while (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return out;
}
