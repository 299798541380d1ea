import type { EmailDoc } from '@storecast/contract';
import { type DbHandle, sendPackages, subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';

/** A small valid e-mail: a personalised text, a tracked link, a button and the footer. */
export const DOC: EmailDoc = {
  version: 1,
  blocks: [
    { type: 'text', id: 't1', align: 'left', html: '<p>Hi {{first_name|there}}, see <a href="https://shop.example.com/new">what is new</a>.</p>' },
    { type: 'button', id: 'b1', text: 'Shop now', href: 'https://shop.example.com/sale', align: 'center' },
    { type: 'footer', id: 'f1', text: '', address: '1 Tea Street' },
  ],
};

/** Every subscriber of a store is in this system group (nobody has ordered yet). */
export const ALL = 'system:neverPurchased';

/** `n` subscribed addresses `${prefix}${i}@${domain}` with first names. */
export async function addSubscribers(dbh: DbHandle, shopId: string, n: number, prefix = 'r', domain = 'inbox.example.org') {
  const rows = Array.from({ length: n }, (_, i) => ({
    shopId, email: `${prefix}${i}@${domain}`, firstName: `Name${i}`, source: 'manual',
  }));
  for (let i = 0; i < rows.length; i += 1000) await dbh.db.insert(subscribers).values(rows.slice(i, i + 1000));
}

/** Sets the store's volume to one fresh pack of `n` (or none). */
export async function setVolume(dbh: DbHandle, shopId: string, n: number | null) {
  await dbh.db.delete(sendPackages).where(eq(sendPackages.shopId, shopId));
  if (n === null) return;
  await dbh.db.insert(sendPackages).values({ shopId, name: 'test', kind: 'purchase', total: n, remaining: n, expiresAt: new Date(Date.now() + 86_400_000) });
}

export async function volumeOf(dbh: DbHandle, shopId: string) {
  const rows = await dbh.db.select().from(sendPackages).where(eq(sendPackages.shopId, shopId));
  return { remaining: rows.reduce((a, p) => a + p.remaining, 0), waiting: rows.reduce((a, p) => a + p.waiting, 0) };
}

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Headers of a raw message, unfolded, by lower-case name (first occurrence). */
export function headersOf(raw: Buffer): Map<string, string> {
  const head = raw.toString('latin1').split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const out = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    const k = line.slice(0, i).toLowerCase();
    if (!out.has(k)) out.set(k, line.slice(i + 1).trim());
  }
  return out;
}

/** The body with quoted-printable undone, enough to find the links in it. */
export function bodyOf(raw: Buffer): string {
  return raw.toString('latin1').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}
