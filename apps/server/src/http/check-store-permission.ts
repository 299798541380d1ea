import { MEMBERSHIP_FEATURES, ResultCode, type RouteDef } from '@storecast/contract';
import { AppError, forbidden } from './app-error.ts';
import type { AccessResolvers, SessionContext } from './route-access.ts';

/**
 * What a signed-in member may do on the session's store beyond being its member: routes marked
 * `ownerOnly` are refused to managers, and routes naming a membership `feature` are refused below
 * its level. The level comes from the resolver app.ts hands over only when payments are
 * configured: without them nothing can be bought, so membership gates nothing.
 */
export async function checkStorePermission(resolvers: AccessResolvers, route: RouteDef, session: SessionContext, shopId: string) {
  if (route.ownerOnly && session.role !== 'owner') throw forbidden('errors.access.ownerOnly');
  if (route.feature && resolvers.membershipLevel) {
    const need = MEMBERSHIP_FEATURES[route.feature];
    const level = await resolvers.membershipLevel(shopId);
    // `required_level` lets the admin put an upgrade link beside the message.
    if (level < need) throw new AppError(`errors.membership.required${need}`, 403, ResultCode.FORBIDDEN, {}, { required_level: need });
  }
}
