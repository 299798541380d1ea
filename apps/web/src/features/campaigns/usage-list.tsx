import { type DataOf, FLOW_KINDS, type FlowKind, type campaignRoutes } from '@storecast/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Usage = DataOf<typeof campaignRoutes.usage>;

const isFlowKind = (name: string): name is FlowKind => (FLOW_KINDS as readonly string[]).includes(name);

/**
 * What closing or deleting a campaign does to the sends that promote it: they no longer name it.
 * Shown in the question before the owner confirms, from GET /campaign/usage.
 */
export function UsageList({ usage, action }: { usage: Usage; action: 'close' | 'delete' }) {
  const { t } = useTranslation();
  if (usage.length === 0) return <Typography.Paragraph type="secondary" data-testid="campaign-usage-none">{t('campaigns.confirm.unused')}</Typography.Paragraph>;
  return (
    <div data-testid="campaign-usage">
      <Typography.Paragraph>
        {t('campaigns.confirm.used', { action: t(action === 'close' ? 'campaigns.confirm.closeAction' : 'campaigns.confirm.deleteAction') })}
      </Typography.Paragraph>
      <ul style={{ paddingInlineStart: 20, margin: 0 }}>
        {usage.map((u) => (
          <li key={`${u.kind}-${u.id}`} data-testid="campaign-usage-item">
            {t(u.kind === 'flow' ? 'campaigns.confirm.flow' : 'campaigns.confirm.strategy')}:{' '}
            {/* A flow is named by its kind. */}
            {u.kind === 'flow' && isFlowKind(u.name) ? t(`campaigns.confirm.flowKinds.${u.name}`) : u.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
