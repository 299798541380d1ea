import { popupConditionsSchema, popupContentSchema, templateLabelsSchema } from '@storecast/contract';
import { type Db, popupTemplates } from '@storecast/db';
import { BUILTIN_TEMPLATES, type BuiltinTemplate } from './builtin-templates.ts';

/**
 * Adds the shipped templates a database lacks, published, in one statement. A template that
 * exists under its key is left as it is (an internal store may have edited, re-sorted or retired
 * it), so a start costs one insert that usually writes nothing.
 */
export async function seedBuiltinTemplates(db: Db, templates: BuiltinTemplate[] = BUILTIN_TEMPLATES): Promise<number> {
  if (templates.length === 0) return 0;
  const rows = templates.map((t) => {
    const parsed = {
      labels: templateLabelsSchema.safeParse(t.labels),
      content: popupContentSchema.safeParse(t.content),
      conditions: popupConditionsSchema.safeParse(t.conditions),
    };
    for (const [part, r] of Object.entries(parsed)) {
      if (!r.success) throw new Error(`shipped pop-up template "${t.key}" has invalid ${part}: ${JSON.stringify(r.error.issues)}`);
    }
    const labels = parsed.labels.data!;
    return {
      builtinKey: t.key,
      nameZh: labels.name_zh,
      nameEn: labels.name_en,
      target: labels.target,
      activity: labels.activity,
      theme: labels.theme,
      coverUrl: labels.cover_url,
      sort: labels.sort,
      status: 'published' as const,
      content: parsed.content.data!,
      conditions: parsed.conditions.data!,
    };
  });
  const added = await db.insert(popupTemplates).values(rows)
    .onConflictDoNothing({ target: popupTemplates.builtinKey }).returning({ id: popupTemplates.id });
  return added.length;
}
