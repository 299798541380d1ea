import { senderRoutes } from '@storecast/contract';
import { Alert, Button, Result, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toastError, toastSuccess } from '../../shared/api/toast.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { DnsAdvice } from './dns-advice.tsx';
import { DnsRecordTable } from './dns-record-table.tsx';
import { useSenderLists, useSenderMutation } from './queries.ts';
import { DomainStatusTag } from './status-tags.tsx';

/**
 * /store/verify-sender-domain (edit layout): the DKIM TXT and return-path CNAME records to
 * publish, a Verify button that looks them up in DNS, per-record results and SPF/DMARC advice.
 * Opening the page issues the records when the sender has none yet.
 */
export function VerifyDomainPage() {
  const { t } = useTranslation();
  const { data, isPending } = useSenderLists();
  const tz = useSessionUser().data?.timezone;
  const issue = useSenderMutation(senderRoutes.verifyDomain);
  const verify = useSenderMutation(
    senderRoutes.completeVerifyDomain,
    (next) => (next.domain.status === 2 ? toastSuccess(t('notices.sender.domainVerified')) : toastError(t('notices.sender.domainNotVerified'))),
  );
  const needsRecords = !!data && data.sender.status > 0 && !data.domain_mismatch && data.domain.status === 0;
  useEffect(() => {
    if (needsRecords && issue.isIdle) issue.mutate({});
  }, [needsRecords, issue]);

  if (isPending || issue.isPending) return <PageLoading />;
  if (!data) return null;
  const title = <Typography.Title level={3} style={{ marginTop: 0 }}>{t('sender.domain.title')}</Typography.Title>;
  if (data.sender.status === 0 || data.domain_mismatch) {
    return (
      <>
        {title}
        <Result status="info" title={data.domain_mismatch ? t('sender.info.mismatch', { domain: data.homepage_domain }) : t('sender.domain.noSender')}
          extra={<Link to="/store/sender-info" data-testid="domain-to-sender"><Button type="primary">{t('sender.domain.toSender')}</Button></Link>} />
      </>
    );
  }
  const { domain } = data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {title}
      <Space wrap>
        <Typography.Text strong data-testid="domain-name">{domain.domain}</Typography.Text>
        <DomainStatusTag status={domain.status} />
        {domain.checked_at && <Typography.Text type="secondary">{t('sender.domain.checkedAt', { time: formatInZone(domain.checked_at, tz) })}</Typography.Text>}
      </Space>
      {domain.status === 2
        ? <Alert type="success" showIcon title={t('sender.domain.verified')} data-testid="domain-verified" />
        : <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{t('sender.domain.intro', { domain: domain.domain })}</Typography.Paragraph>}
      <DnsRecordTable records={domain.records} />
      <Button type="primary" loading={verify.isPending} onClick={() => verify.mutate({})} data-testid="domain-verify">
        {t('sender.domain.verify')}
      </Button>
      <DnsAdvice advice={domain.advice} />
    </Space>
  );
}
