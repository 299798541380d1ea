import { Alert, Button, Card, Flex, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { HideMenuButton, PopupDailyChart, PopupTotals } from '../popup-editor/index.ts';
import { mainBody, useEmbedBlock, useMainPopup, useSaveMainPopup } from './queries.ts';
import { AppEmbedStatus } from '../platform-link/index.ts';

/**
 * /popup: the store's subscription pop-up. On/off, its numbers and daily chart, the way into its
 * content and condition editors, and the script tag to paste into the shop's theme.
 */
export function PopupHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const popup = useMainPopup();
  const save = useSaveMainPopup();

  if (popup.isError) return <Alert type="error" showIcon title={t('popup.loadFailed')} data-testid="popup-missing" />;
  if (!popup.data) return <PageLoading />;
  const p = popup.data;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('menu.popup')}</Typography.Title>
        <HideMenuButton flag="subscribe_popup" />
      </Flex>
      <Typography.Text type="secondary">{t('popup.home.intro')}</Typography.Text>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space>
            <Typography.Text strong>{t('popup.home.status')}</Typography.Text>
            <Switch
              checked={p.enabled}
              loading={save.isPending}
              onChange={(enabled) => save.mutate({ ...mainBody(p), enabled })}
              data-testid="popup-enabled"
            />
            <Tag color={p.enabled ? 'green' : 'default'} data-testid="popup-status">{t(p.enabled ? 'popup.enabled' : 'popup.disabled')}</Tag>
          </Space>
          <Space wrap>
            <Button type="primary" onClick={() => void navigate('/popup/content')} data-testid="popup-edit-content">{t('popup.home.editContent')}</Button>
            <Button onClick={() => void navigate('/popup/condition')} data-testid="popup-edit-condition">{t('popup.home.editCondition')}</Button>
          </Space>
        </Flex>
      </Card>
      <PopupTotals totals={p.totals} />
      <PopupDailyChart id={p.id} />
      <EmbedCard />
    </Flex>
  );
}

/** The script tag with a copy button, and the shop domains whose pages may call the product. */
function EmbedCard() {
  const { t } = useTranslation();
  const embed = useEmbedBlock();
  return (
    <Card size="small" title={t('popup.home.embedTitle')} data-testid="popup-embed">
      {!embed.data ? <PageLoading /> : (
        <>
          <AppEmbedStatus embed={embed.data.app_embed} />
          <Typography.Paragraph type="secondary">{t('popup.home.embedHint')}</Typography.Paragraph>
          <Typography.Paragraph
            copyable={{ text: embed.data.snippet, tooltips: [t('popup.home.copy'), t('popup.home.copied')] }}
            data-testid="popup-snippet"
          >
            <Typography.Text code style={{ wordBreak: 'break-all' }}>{embed.data.snippet}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Text strong>{t('popup.home.origins')}</Typography.Text>
          <div style={{ marginTop: 8 }} data-testid="popup-origins">
            {embed.data.allowed_origins.length === 0
              ? <Typography.Text type="secondary">{t('popup.home.noOrigins')}</Typography.Text>
              : embed.data.allowed_origins.map((o) => <Tag key={o}>{o}</Tag>)}
          </div>
        </>
      )}
    </Card>
  );
}
