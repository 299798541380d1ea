import { type DbHandle, events, orderItems, orders, products, subscribers } from '@storecast/db';

/**
 * A store whose shoppers are designed so the matching's answer is known (score-candidates.ts):
 *
 *   products  tea-green, tea-black, tea-white (collection tea), cup, pot (collection ware),
 *             spoon, tray, kettle (no collection)
 *   viewer         viewed tea-green yesterday                       -> tea-green
 *   carter         carted tea-black yesterday                       -> tea-black (3 beats 0.9 for tea-green)
 *   sibling        viewed tea-white (not chosen) yesterday           -> tea-green (0.3 each: tie to the lower slot)
 *   cupViewer      viewed cup                                        -> cup
 *   recentBuyer    viewed cup, bought cup 5 days ago                 -> not cup (bought); pot, through the collection
 *   potViewer      viewed pot; a spoon view 200 days ago (too old)   -> pot
 *   oldBuyer       bought spoon 60 days ago                          -> spoon
 *   twoProducts    viewed cup, carted tray                           -> tray only (higher score)
 *   trayViewer     viewed tray                                       -> tray
 *   unsubscribed   viewed tray                                       -> nobody (not subscribed)
 *   phoneOnly      viewed tray, no e-mail                            -> nobody
 *   kettleViewer   viewed kettle                                     -> kettle, when chosen
 * plus an anonymous view of pot (no subscriber) that counts for nobody.
 */
export const CHOSEN = ['tea-green', 'tea-black', 'cup', 'pot', 'spoon', 'tray'];

export const EXPECTED: Record<string, string[]> = {
  'tea-green': ['viewer', 'sibling'],
  'tea-black': ['carter'],
  cup: ['cupViewer'],
  pot: ['potViewer', 'recentBuyer'],
  spoon: ['oldBuyer'],
  tray: ['twoProducts', 'trayViewer'],
};

const day = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * day);

export async function seedElementShop(dbh: DbHandle, shopId: string, domain = 'shoppers.example.org') {
  const { db } = dbh;
  const product = (externalId: string, collection: string | null) => ({
    shopId, externalId, handle: `${externalId}-handle`, title: externalId.replace('-', ' '), url: `https://shop.example.com/products/${externalId}`,
    images: [`https://cdn.example.com/${externalId}.jpg`], price: 1200, currency: 'USD', collection,
  });
  await db.insert(products).values([
    product('tea-green', 'tea'), product('tea-black', 'tea'), product('tea-white', 'tea'),
    product('cup', 'ware'), product('pot', 'ware'), product('spoon', null), product('tray', null), product('kettle', null),
  ]);
  const names = ['viewer', 'carter', 'sibling', 'cupViewer', 'recentBuyer', 'potViewer', 'oldBuyer', 'twoProducts', 'trayViewer', 'unsubscribed', 'kettleViewer'];
  const subs = await db.insert(subscribers).values([
    ...names.map((n) => ({
      shopId, email: `${n.toLowerCase()}@${domain}`, firstName: n, lastName: 'Tester', source: 'manual',
      status: n === 'unsubscribed' ? ('unsubscribed' as const) : ('subscribed' as const),
    })),
    { shopId, email: null, phone: '+8613800138000', firstName: 'phoneOnly', source: 'manual' },
  ]).returning({ id: subscribers.id, firstName: subscribers.firstName });
  const id = Object.fromEntries(subs.map((s) => [s.firstName, s.id])) as Record<string, number>;
  const ev = (who: string | null, type: string, subject: string, days = 1) => ({
    shopId, subscriberId: who ? id[who]! : null, visitorId: who ? null : 'v-anon', type, subject, occurredAt: ago(days),
  });
  await db.insert(events).values([
    ev('viewer', 'viewed_product', 'tea-green'),
    ev('carter', 'added_to_cart', 'tea-black'),
    ev('sibling', 'viewed_product', 'tea-white'),
    ev('cupViewer', 'viewed_product', 'cup'),
    ev('recentBuyer', 'viewed_product', 'cup'),
    ev('potViewer', 'viewed_product', 'pot'),
    ev('potViewer', 'viewed_product', 'spoon', 200),
    ev('twoProducts', 'viewed_product', 'cup'),
    ev('twoProducts', 'added_to_cart', 'tray'),
    ev('trayViewer', 'viewed_product', 'tray'),
    ev('unsubscribed', 'viewed_product', 'tray'),
    ev('phoneOnly', 'viewed_product', 'tray'),
    ev('kettleViewer', 'viewed_product', 'kettle'),
    ev(null, 'viewed_product', 'pot'),
    // Not a product event: never read by the matching.
    ev('oldBuyer', 'clicked', 'tray'),
  ]);
  const order = async (who: string, externalId: string, productId: string, days: number) => {
    const [o] = await db.insert(orders).values({
      shopId, externalId, subscriberId: id[who]!, currency: 'USD', total: 1200, status: 'paid', placedAt: ago(days),
    }).returning({ id: orders.id });
    await db.insert(orderItems).values({ shopId, orderId: o!.id, productId, quantity: 1, price: 1200 });
  };
  await order('recentBuyer', 'o-1', 'cup', 5);
  await order('oldBuyer', 'o-2', 'spoon', 60);
  return id;
}
