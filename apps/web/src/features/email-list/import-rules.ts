import { IMPORT_FIELDS, LIMITS } from '@storecast/contract';
import type { TranslationKey } from '../../shared/i18n/translation-key.ts';

/**
 * Client-side rules of the import: the file check done before anything is uploaded, and the
 * column mapping the user edits. Pure, so they are tested without a browser.
 */
export const IMPORT_EXTENSIONS = ['xls', 'xlsx', 'ods', 'csv'] as const;
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The contract message key refusing the file, or null. The server checks the content again. */
export function importFileProblem(name: string, size: number): TranslationKey | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (!name.includes('.') || !(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) return 'errors.import.fileType';
  if (size >= LIMITS.importMaxBytes) return 'errors.import.fileSize';
  return null;
}

export type ImportField = (typeof IMPORT_FIELDS)[number];
/** What one column becomes: a subscriber field, a custom attribute under a key, or nothing. */
export type ColumnTarget = { kind: 'field'; field: ImportField } | { kind: 'attribute'; key: string } | { kind: 'skip' };

const ATTR = 'attribute:';

export function targetFromMapping(value: string | undefined): ColumnTarget {
  if (!value) return { kind: 'skip' };
  if (value.startsWith(ATTR)) return { kind: 'attribute', key: value.slice(ATTR.length) };
  if ((IMPORT_FIELDS as readonly string[]).includes(value)) return { kind: 'field', field: value as ImportField };
  return { kind: 'skip' };
}

export function mappingValue(target: ColumnTarget): string {
  if (target.kind === 'field') return target.field;
  if (target.kind === 'attribute') return `${ATTR}${target.key.trim()}`;
  return '';
}

/** The mapping the server suggested, with every column present (unknown ones skipped). */
export function initialTargets(columns: string[], suggested: Record<string, string>): Record<string, ColumnTarget> {
  return Object.fromEntries(columns.map((c) => [c, targetFromMapping(suggested[c])]));
}

export function toMapping(targets: Record<string, ColumnTarget>): Record<string, string> {
  return Object.fromEntries(Object.entries(targets).map(([c, t]) => [c, mappingValue(t)]));
}

/**
 * Why the mapping cannot start, as an i18n key, or null. A row is only useful with an e-mail or
 * a phone; an attribute needs a key; one field cannot come from two columns.
 */
export function mappingProblem(targets: Record<string, ColumnTarget>): TranslationKey | null {
  const list = Object.values(targets);
  if (!list.some((t) => t.kind === 'field' && (t.field === 'email' || t.field === 'phone'))) return 'errors.import.noContactColumn';
  if (list.some((t) => t.kind === 'attribute' && !t.key.trim())) return 'emailList.import.attributeKeyRequired';
  const fields = list.flatMap((t) => (t.kind === 'field' ? [t.field] : []));
  if (new Set(fields).size !== fields.length) return 'emailList.import.fieldTwice';
  return null;
}

/** Whole percent done, for progress bars; 0 while the total is not known yet. */
export function percent(processed: number, total: number): number {
  return total > 0 ? Math.min(100, Math.floor((processed / total) * 100)) : 0;
}
