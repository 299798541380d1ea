import { SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { AutomationSettings } from '@storecast/contract';
import { Alert, Button, Card, Col, Flex, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../shared/api/toast.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { AiManagementCard } from '../components/ai-management-card.tsx';
import { FlowCard } from '../components/flow-card.tsx';
import { SenderRefusalAlert } from '../components/sender-refusal-alert.tsx';
import { SettingsDrawer } from '../components/settings-drawer.tsx';
import { useFlows, useSaveSettings, useShopInfo } from '../queries.ts';
import { isSenderRefusal } from '../sender-refusal.ts';
import { useFlowSwitch } from '../use-flow-switch.ts';

/** /automation: AI strategy management, the seven flows with their switches, and the sending rules. */
export function AutomationHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flows = useFlows();
  const currency = useShopInfo().data?.currency ?? 'USD';
  const flowSwitch = useFlowSwitch();
  const save = useSaveSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);

  if (flows.isError) return <Alert type="error" showIcon title={t('automation.loadFailed')} data-testid="automation-load-failed" />;
  if (!flows.data) return <PageLoading />;
  const { settings } = flows.data;

  const saveSettings = (next: AutomationSettings, onDone?: () => void) => {
    flowSwitch.setSenderRefused(false);
    save.mutate(next, {
      onSuccess: () => { toastSuccess(t('automation.settings.saved')); onDone?.(); },
      onError: (error) => flowSwitch.setSenderRefused(isSenderRefusal(error, t)),
    });
  };

  return (
    <Flex vertical gap={16} data-testid="automation-home">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('menu.automation')}</Typography.Title>
        <Space wrap>
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} data-testid="automation-settings-open">{t('automation.settings.open')}</Button>
          <Button icon={<UnorderedListOutlined />} onClick={() => void navigate('/automation/strategy-list')} data-testid="automation-list-open">{t('automation.list.open')}</Button>
        </Space>
      </Flex>
      <Typography.Text type="secondary">{t('automation.intro')}</Typography.Text>
      {flowSwitch.senderRefused && <SenderRefusalAlert onClose={() => flowSwitch.setSenderRefused(false)} />}
      <AiManagementCard on={settings.ai_managed} pending={save.isPending && save.variables.ai_managed !== settings.ai_managed}
        onChange={(ai_managed) => saveSettings({ ...settings, ai_managed })} />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }} data-testid="automation-settings-summary">
            {t('automation.settings.summary', {
              hours: settings.smart_sending_hours, ...settings.weekly_caps, start: settings.sms_quiet_hours.start, end: settings.sms_quiet_hours.end,
            })}
          </Typography.Text>
          <Button type="link" onClick={() => setSettingsOpen(true)} style={{ paddingInline: 0 }}>{t('common.edit')}</Button>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        {flows.data.flows.map((flow) => (
          <Col xs={24} md={12} xxl={8} key={flow.id}>
            <FlowCard flow={flow} currency={currency} pending={flowSwitch.pendingId === flow.id}
              onSwitch={(enabled) => flowSwitch.toggle(flow.id, enabled)} />
          </Col>
        ))}
      </Row>
      <SettingsDrawer open={settingsOpen} settings={settings} saving={save.isPending} onClose={() => setSettingsOpen(false)}
        onSave={(next) => saveSettings(next, () => setSettingsOpen(false))} />
    </Flex>
  );
}
