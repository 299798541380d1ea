import { COPY_BOOKS, type CopyVariant } from './copy-book.ts';
import { fitSms } from './fit-sms.ts';
import { capCopy } from './parse-written-copy.ts';
import type { CopyRequest, WrittenCopy } from './write-copy-types.ts';

/**
 * The built-in writer: copy from the store's facts with no network, in the request's language.
 * `seed` picks the variant (the same seed gives the same words); a coupon adds its code and
 * percent, and without one the copy promises no discount at all.
 */
export function writeCopyOffline(request: CopyRequest): WrittenCopy {
  const { facts, purpose } = request;
  const book = COPY_BOOKS[facts.locale] ?? COPY_BOOKS['en-US'];
  const variants = book.variants[purpose];
  const seed = Math.abs(Math.trunc(request.seed ?? 0));
  const v: CopyVariant = variants[seed % variants.length]!;
  const coupon = facts.coupon && facts.coupon.code && facts.coupon.discount > 0 ? facts.coupon : null;
  const titles = (facts.products ?? []).map((p) => p.title.trim()).filter(Boolean);
  const values: Record<string, string> = {
    store: facts.storeName.trim() || (facts.locale === 'zh-CN' ? '本店' : 'our store'),
    item: titles[0] ?? book.item[purpose] ?? book.item.default,
    items: titles.length ? titles.slice(0, 3).join(book.and) : (book.items[purpose] ?? book.items.default),
    name: book.name,
    theme: themeOf(facts.brief) || book.theme,
    code: coupon?.code ?? '',
    pct: coupon ? String(coupon.discount) : '',
  };
  const fill = (t: string, name = values.name!) => {
    const out = t.replace(/\{(store|item|items|name|theme|code|pct)\}/g, (_, k: string) => (k === 'name' ? name : values[k]!));
    if (facts.locale === 'zh-CN') return spaceChinese(out);
    return t.startsWith('{theme}') ? capitalize(out) : out;
  };
  const body = [...v.body];
  if (coupon) body.splice(Math.max(1, body.length - 1), 0, book.offer[seed % book.offer.length]!);
  // An SMS goes out as written, with no personal fields: the name drops out with its comma.
  const sms = fill(coupon ? v.offerSms : v.sms, '\uE000').replace(/[,，]\s?\uE000|\s?\uE000[，,]?\s?/g, '');
  return capCopy({
    subject: fill(coupon ? v.offerSubject : v.subject),
    preview: fill(v.preview),
    heading: fill(v.heading),
    body: body.map((t) => fill(t)).join('\n\n'),
    button: fill(v.button),
    sms: fitSms(sms),
    by: 'built-in',
  });
}

/** The owner's brief as a theme in a subject: its first line, short. */
function themeOf(brief: string | undefined): string {
  const line = (brief ?? '').split(/[\n。.!！?？]/)[0]!.trim();
  return Array.from(line).length > 40 ? '' : line;
}

const CJK = '\u3000-\u303f\u4e00-\u9fff\uff00-\uffef';
/**
 * Chinese spacing: the templates put spaces around names, which Chinese text wants only where a
 * Latin word or number meets Chinese ("购物车里的 Dragon Well"), not between Chinese words.
 */
function spaceChinese(text: string): string {
  return text
    .replace(new RegExp(`([${CJK}]) +(?=[${CJK}])`, 'g'), '$1')
    .replace(/([\u4e00-\u9fff])(?=[A-Za-z0-9])/g, '$1 ')
    .replace(/([A-Za-z0-9%])(?=[\u4e00-\u9fff])/g, '$1 ');
}

/** A subject or heading starting with the owner's brief ("autumn gift boxes") starts with a capital. */
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
