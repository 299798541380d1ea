import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS = ['default', 'processing', 'success'] as const;
// The contract's numbers, in order; the catalogue names them (i18next types no numeric keys).
const SENDER_STATUS = ['sender.status.notAdded', 'sender.status.sent', 'sender.status.verified'] as const;
const DOMAIN_STATUS = ['sender.domainStatus.notVerified', 'sender.domainStatus.waiting', 'sender.domainStatus.verified'] as const;

/** The name of a sender status (the contract sends it as a number). */
export function senderStatusKey(status: number) {
  return SENDER_STATUS[status] ?? SENDER_STATUS[0];
}

/** Sender e-mail status: 0 not added, 1 sent, 2 verified. */
export function SenderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]} data-testid="sender-status" data-status={status}>{t(senderStatusKey(status))}</Tag>;
}

/** Sender domain status: 0 no records issued, 1 waiting for DNS, 2 verified. */
export function DomainStatusTag({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]} data-testid={testId ?? 'domain-status'} data-status={status}>{t(DOMAIN_STATUS[status] ?? DOMAIN_STATUS[0])}</Tag>;
}

const RESULT_COLOURS = { ok: 'success', missing: 'warning', wrong: 'error', error: 'error', unchecked: 'default' } as const;

/** Result of one DNS lookup. */
export function DnsResultTag({ status, testId }: { status: keyof typeof RESULT_COLOURS; testId: string }) {
  const { t } = useTranslation();
  return <Tag color={RESULT_COLOURS[status]} data-testid={testId} data-status={status}>{t(`sender.domain.results.${status}`)}</Tag>;
}
