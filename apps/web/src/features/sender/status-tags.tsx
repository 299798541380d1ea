import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS = ['default', 'processing', 'success'] as const;

/** Sender e-mail status: 0 not added, 1 sent, 2 verified. */
export function SenderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]} data-testid="sender-status" data-status={status}>{t(`sender.status.${status}`)}</Tag>;
}

/** Sender domain status: 0 no records issued, 1 waiting for DNS, 2 verified. */
export function DomainStatusTag({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]} data-testid={testId ?? 'domain-status'} data-status={status}>{t(`sender.domainStatus.${status}`)}</Tag>;
}

const RESULT_COLOURS = { ok: 'success', missing: 'warning', wrong: 'error', error: 'error', unchecked: 'default' } as const;

/** Result of one DNS lookup. */
export function DnsResultTag({ status, testId }: { status: keyof typeof RESULT_COLOURS; testId: string }) {
  const { t } = useTranslation();
  return <Tag color={RESULT_COLOURS[status]} data-testid={testId} data-status={status}>{t(`sender.domain.results.${status}`)}</Tag>;
}
