/** Owners and managers: the access-management page and the invitation link's page. */
import { AcceptInvitePage as Accept } from './accept-invite-page.tsx';
import { AccessManagementPage as Manage } from './access-management-page.tsx';
import { withAccessStrings } from './load-access-strings.ts';

export const AccessManagementPage = withAccessStrings(Manage);
export const AcceptInvitePage = withAccessStrings(Accept);
