import { type EmailDoc, emailDocSchema, productIdsOf } from '@storecast/contract';
import { shops, type ShopScope, strategies } from '@storecast/db';
import { type CompiledEmail, compileEmail, type ProductView } from '@storecast/email';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { readEmailStyle, rebaseMediaUrls } from '../brand/index.ts';
import { loadProductViews, toProductView } from '../catalogue/index.ts';
import type { EmailPlan } from '../delivery/index.ts';
import { findSendingIdentity, type SendingIdentity } from '../sender/index.ts';
import { readElementSlots, requireMatchingDone, requireSlotProducts } from './element-audience.ts';

type StrategyEmail = { content: unknown; title: string; summary: string; utm?: { source: string; medium: string; campaign: string }; locale: 'zh-CN' | 'en-US' };

/**
 * What the delivery engine needs to turn a strategy into mails (segment-send-source.ts): the
 * strategy's e-mail compiled once with the store's style; refuses an unverified sender. An
 * Element Send's e-mail is compiled once per product slot (its product in the shopper's product
 * block), and each delivery is rendered with the e-mail of its `variant`.
 */
export async function loadSendPlan(deps: Deps, scope: ShopScope, strategyId: string): Promise<EmailPlan & { compiled: CompiledEmail }> {
  const { db } = deps.dbh;
  const [row] = await db.select().from(strategies).where(scope.where(strategies, eq(strategies.id, strategyId)));
  if (!row) throw new AppError('errors.strategy.notFound', 404);
  const identity = await requireVerifiedSender(deps, scope);
  const email: StrategyEmail = { content: row.content, title: row.title, summary: row.summary, utm: row.utm, locale: row.locale };
  const base = { channel: 'email' as const, shopId: scope.shopId, sendId: strategyId, identity, listUnsubscribe: true };
  if (row.kind === 'element') {
    const slots = await readElementSlots(db, scope, strategyId);
    requireMatchingDone(slots);
    const views = requireSlotProducts(slots).map(toProductView);
    const products = await loadDocProducts(deps, scope, email.content);
    const compiled: CompiledEmail[] = [];
    for (const view of views) compiled.push(requireProducts(await compileStrategyEmail(deps, scope, email, { products, matchedProduct: view })));
    // The send records one list of links: each slot's links follow the previous slot's, and
    // a slot's mail numbers its links from its own start in that list.
    const offsets = compiled.map((_, i) => compiled.slice(0, i).reduce((n, c) => n + c.links.length, 0));
    return {
      ...base, compiled: compiled[0]!, links: compiled.flatMap((c) => c.links),
      render: (recipient, hooks, variant) => {
        const slot = variant ?? -1;
        const c = compiled[slot];
        // Every delivery of an Element Send is recorded with its slot (start-send.ts).
        if (!c) throw new Error(`no e-mail for variant ${variant}`);
        return c.personalize(recipient, { ...hooks, linkUrl: (i) => hooks.linkUrl(i + offsets[slot]!) });
      },
    };
  }
  const compiled = requireProducts(await compileStrategyEmail(deps, scope, email));
  return { ...base, compiled, render: (recipient, hooks) => compiled.personalize(recipient, hooks), links: compiled.links };
}

/** SPEC 4: sending needs a verified sender e-mail and a verified sender domain. */
export async function requireVerifiedSender(deps: Deps, scope: ShopScope): Promise<SendingIdentity> {
  const identity = await findSendingIdentity(deps.dbh.db, scope);
  if (!identity || !identity.emailVerified || !identity.domainVerified) throw new AppError('errors.strategy.senderNotVerified', 400);
  return identity;
}

/** The catalogue products a document's product blocks name, by the store's product id; missing ones are left out. */
export async function loadDocProducts(deps: Deps, scope: ShopScope, content: unknown): Promise<Map<string, ProductView>> {
  const parsed = emailDocSchema.safeParse(content);
  return parsed.success ? loadProductViews(deps, scope, productIdsOf(parsed.data)) : new Map();
}

/**
 * A product block naming a product no longer in the catalogue would go out empty: a send is
 * refused, naming it (a preview only warns).
 */
export function requireProducts(compiled: CompiledEmail): CompiledEmail {
  if (compiled.warnings.includes('errors.content.productMissing')) {
    throw new AppError('errors.content.productMissing', 400, undefined, compiled.warningParams?.['errors.content.productMissing'] ?? {});
  }
  return compiled;
}

/**
 * A strategy's (or a flow step's) e-mail with the store's style, footer and rebased media URLs.
 * The product blocks draw from the catalogue (`extra.products`, else loaded here; a missing one
 * is a warning, see requireProducts); the shopper's product block shows `extra.matchedProduct`
 * (an Element Send's product of one slot).
 */
export async function compileStrategyEmail(
  deps: Deps,
  scope: ShopScope,
  s: StrategyEmail,
  extra?: { products?: ReadonlyMap<string, ProductView>; matchedProduct?: ProductView | null },
): Promise<CompiledEmail> {
  const parsed = emailDocSchema.safeParse(s.content);
  if (!parsed.success) throw new AppError('errors.strategy.contentRequired', 400);
  const doc: EmailDoc = await rebaseMediaUrls(deps.dbh.db, scope, deps.config.publicUrl, parsed.data);
  const products = extra?.products ?? await loadDocProducts(deps, scope, doc);
  const [shop] = await deps.dbh.db.select({ name: shops.name, homepageUrl: shops.homepageUrl, address: shops.postalAddress })
    .from(shops).where(eq(shops.id, scope.shopId));
  const style = await rebaseMediaUrls(deps.dbh.db, scope, deps.config.publicUrl, await readEmailStyle(deps.dbh.db, scope));
  try {
    return await compileEmail(doc, {
      style, store: { name: shop?.name ?? '', homepageUrl: shop?.homepageUrl ?? '', address: shop?.address ?? '' }, locale: s.locale,
      subject: s.title, preheader: s.summary, utm: s.utm, products, matchedProduct: extra?.matchedProduct ?? null,
    });
  } catch {
    throw new AppError('errors.strategy.renderFailed', 400);
  }
}
