import { type EmailDoc, emailDocSchema } from '@storecast/contract';
import { shops, type ShopScope, strategies } from '@storecast/db';
import { type CompiledEmail, compileEmail } from '@storecast/email';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { readEmailStyle, rebaseMediaUrls } from '../brand/index.ts';
import type { EmailPlan } from '../delivery/index.ts';
import { findSendingIdentity, type SendingIdentity } from '../sender/index.ts';

/**
 * What the delivery engine needs to turn a strategy into mails (segment-send-source.ts): the
 * strategy's e-mail compiled once with the store's style; refuses an unverified sender.
 */
export async function loadSendPlan(deps: Deps, scope: ShopScope, strategyId: string): Promise<EmailPlan & { compiled: CompiledEmail }> {
  const { db } = deps.dbh;
  const [row] = await db.select().from(strategies).where(scope.where(strategies, eq(strategies.id, strategyId)));
  if (!row) throw new AppError('errors.strategy.notFound', 404);
  const identity = await requireVerifiedSender(deps, scope);
  const compiled = await compileStrategyEmail(deps, scope, {
    content: row.content, title: row.title, summary: row.summary, utm: row.utm, locale: row.locale,
  });
  return {
    channel: 'email', shopId: scope.shopId, sendId: strategyId, identity, compiled,
    render: (recipient, hooks) => compiled.personalize(recipient, hooks), links: compiled.links, listUnsubscribe: true,
  };
}

/** SPEC 4: sending needs a verified sender e-mail and a verified sender domain. */
export async function requireVerifiedSender(deps: Deps, scope: ShopScope): Promise<SendingIdentity> {
  const identity = await findSendingIdentity(deps.dbh.db, scope);
  if (!identity || !identity.emailVerified || !identity.domainVerified) throw new AppError('errors.strategy.senderNotVerified', 400);
  return identity;
}

export async function compileStrategyEmail(
  deps: Deps,
  scope: ShopScope,
  s: { content: unknown; title: string; summary: string; utm?: { source: string; medium: string; campaign: string }; locale: 'zh-CN' | 'en-US' },
): Promise<CompiledEmail> {
  const parsed = emailDocSchema.safeParse(s.content);
  if (!parsed.success) throw new AppError('errors.strategy.contentRequired', 400);
  const doc: EmailDoc = await rebaseMediaUrls(deps.dbh.db, scope, deps.config.publicUrl, parsed.data);
  const [shop] = await deps.dbh.db.select({ name: shops.name, homepageUrl: shops.homepageUrl, address: shops.postalAddress })
    .from(shops).where(eq(shops.id, scope.shopId));
  const style = await rebaseMediaUrls(deps.dbh.db, scope, deps.config.publicUrl, await readEmailStyle(deps.dbh.db, scope));
  try {
    return await compileEmail(doc, {
      style, store: { name: shop?.name ?? '', homepageUrl: shop?.homepageUrl ?? '', address: shop?.address ?? '' }, locale: s.locale,
      subject: s.title, preheader: s.summary, utm: s.utm,
    });
  } catch {
    throw new AppError('errors.strategy.renderFailed', 400);
  }
}
