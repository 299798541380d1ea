import { CopyOutlined } from '@ant-design/icons';
import type { CampaignLink } from '@storecast/contract';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from './copy-text.ts';
import { ShortLinkQr } from './short-link-qr.tsx';

/** A link just saved: the full URL and the short one, each with a copy button, and the QR code. */
export function CampaignLinkResult({ link }: { link: CampaignLink }) {
  const { t } = useTranslation();
  const row = (label: string, url: string, testId: string) => (
    <Flex vertical gap={4}>
      <Typography.Text strong>{label}</Typography.Text>
      <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid={testId}>{url}</Typography.Text>
      <div>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copyText(url)} data-testid={`${testId}-copy`}>{t('campaigns.links.copy')}</Button>
      </div>
    </Flex>
  );
  return (
    <Card size="small" title={t('campaigns.links.result')} data-testid="link-result">
      <Flex vertical gap={16}>
        {row(t('campaigns.links.shortUrl'), link.short_url, 'link-short')}
        {row(t('campaigns.links.fullUrl'), link.full_url, 'link-full')}
        <ShortLinkQr url={link.short_url} code={link.code} />
      </Flex>
    </Card>
  );
}
