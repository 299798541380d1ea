import { accessRoutes, type DataOf } from '@storecast/contract';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

export type AccessData = DataOf<typeof accessRoutes.memberList>;
export type Member = AccessData['members'][number];
export type Invitation = AccessData['invitations'][number];

/** The owner's stores, their members and the owner's invitations. */
export function useMemberList() {
  return useApiQuery(accessRoutes.memberList);
}
