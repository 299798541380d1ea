import { emailDomain, parseHomepage, type SessionUser } from '@storecast/contract';
import { senderFitsHomepage } from './registrable-domain.ts';

export interface SenderSummaryRow {
  sender: { email: string; name: string; status: string } | null;
  homepageUrl: string;
  domain: string | null;
  domainVerifiedAt: Date | null;
}

/**
 * The session user's `sender` and `sender_name` (SPEC 3): 0 not added, 1 sent / records issued,
 * 2 verified. Same rules as the sender page: an address off the homepage domain counts as not
 * verified. The rows come with the session user's store query (build-session-user.ts), so the
 * admin's most frequent call stays one round trip.
 */
export function summarizeSender(row: SenderSummaryRow): Pick<SessionUser, 'sender' | 'sender_name'> {
  const { sender } = row;
  if (!sender) return { sender: { email: '', verify_info: 0, verify_domain: 0 }, sender_name: '' };
  const matches = senderFitsHomepage(sender.email, parseHomepage(row.homepageUrl)?.hostname ?? '');
  const domainRow = row.domain === emailDomain(sender.email);
  return {
    sender: {
      email: sender.email,
      verify_info: sender.status === 'verified' && matches ? 2 : 1,
      verify_domain: !domainRow ? 0 : row.domainVerifiedAt && matches ? 2 : 1,
    },
    sender_name: sender.name,
  };
}
