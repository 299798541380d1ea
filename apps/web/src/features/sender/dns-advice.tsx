import type { SenderDomainInfo } from '@storecast/contract';
import { Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DnsResultTag } from './status-tags.tsx';

/** SPF and DMARC: what was found and a value to publish; advice only, verification does not wait for it. */
export function DnsAdvice({ advice }: { advice: SenderDomainInfo['advice'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('sender.domain.adviceTitle')}>
      <Typography.Paragraph type="secondary">{t('sender.domain.adviceIntro')}</Typography.Paragraph>
      <List
        dataSource={advice}
        renderItem={(a) => (
          <List.Item data-testid={`domain-advice-${a.type}`}>
            <Space orientation="vertical" size={4} style={{ width: '100%' }}>
              <Space>
                <Typography.Text strong>{t(`sender.domain.${a.type}`, { host: a.host })}</Typography.Text>
                <DnsResultTag status={a.status} testId={`domain-result-${a.type}`} />
              </Space>
              {a.found.length > 0 && (
                <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>{t('sender.domain.found', { value: a.found.join(' | ') })}</Typography.Text>
              )}
              {a.type === 'spf' && a.status === 'wrong' && <Typography.Text type="danger">{t('sender.domain.spfWrong')}</Typography.Text>}
              {a.status !== 'ok' && (
                <Typography.Text>
                  {t('sender.domain.suggestion')}<Typography.Text code copyable>{a.suggestion}</Typography.Text>
                </Typography.Text>
              )}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
