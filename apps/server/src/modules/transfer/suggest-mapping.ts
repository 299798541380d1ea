import { IMPORT_FIELDS } from '@storecast/contract';
import { IMPORT_LIMITS } from './import-limits.ts';

/**
 * Header names people use for each field, in English and Chinese, compared without case,
 * spaces, dashes or underscores. A column named for none of them is kept as a custom attribute.
 */
const NAMES: Record<string, string[]> = {
  email: ['email', 'e-mail', 'emailaddress', 'mail', '邮箱', '电子邮件', '电子邮箱', '邮箱地址', '邮件地址'],
  phone: ['phone', 'mobile', 'phonenumber', 'mobilephone', 'mobilenumber', 'cellphone', 'tel', 'telephone', '手机', '手机号', '手机号码', '电话', '电话号码'],
  first_name: ['firstname', 'givenname', 'first', '名', '名字', 'name', 'fullname', '姓名'],
  last_name: ['lastname', 'surname', 'familyname', 'last', '姓', '姓氏'],
  tags: ['tags', 'tag', 'labels', 'label', '标签'],
  source: ['source', '来源', '渠道'],
  subscribed_at: ['subscribedat', 'subscriptiondate', 'subscribed', 'subscribedate', 'signupdate', 'signedup', '订阅时间', '订阅日期'],
  status: ['status', 'subscriptionstatus', '状态', '订阅状态'],
};

/** The export's proof-of-consent columns: kept by the store that exported them, not imported back. */
const SKIPPED = new Set(['consentat', 'consentsource', 'consentpage', 'consentip', 'consentwording', 'confirmedat', 'unsubscribedat', 'unsubscribedvia']);

const norm = (s: string) => s.toLowerCase().replace(/[\s_\-.]/g, '');
const LOOKUP = new Map<string, string>();
for (const [field, names] of Object.entries(NAMES)) for (const n of names) LOOKUP.set(norm(n), field);

/** Column name -> field, attribute:<column>, for every column; each field is suggested once. */
export function suggestMapping(columns: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const used = new Set<string>();
  for (const col of columns) {
    if (/^attribute:/i.test(col)) {
      out[col] = `attribute:${col.slice(10).trim().slice(0, 50)}`;
      continue;
    }
    if (SKIPPED.has(norm(col))) {
      out[col] = '';
      continue;
    }
    const field = LOOKUP.get(norm(col));
    if (field && !used.has(field)) {
      used.add(field);
      out[col] = field;
    } else {
      out[col] = `attribute:${col.trim().slice(0, 50)}`;
    }
  }
  return out;
}

/** True for a mapping target the import understands: a field, attribute:<key>, or "" (skip). */
export function isImportTarget(target: string): boolean {
  if (target === '') return true;
  if ((IMPORT_FIELDS as readonly string[]).includes(target)) return true;
  return /^attribute:.{1,50}$/.test(target);
}

/** Excel's letter for a 0-based column index: A, B, ... Z, AA. */
export function columnLetter(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * Column names as the mapping uses them: the header cell, or the column's letter when the cell
 * is empty, with the letter added when two columns share a name; long names are cut.
 */
export function columnNames(header: string[]): string[] {
  const seen = new Set<string>();
  return header.map((h, i) => {
    // Cut, as the mapping sends names back and the import matches them against this same list.
    let name = h.trim().slice(0, IMPORT_LIMITS.columnNameChars) || columnLetter(i);
    if (seen.has(name)) name = `${name} (${columnLetter(i)})`;
    seen.add(name);
    return name;
  });
}
