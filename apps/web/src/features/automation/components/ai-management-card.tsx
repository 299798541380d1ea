import { RobotOutlined } from '@ant-design/icons';
import { Card, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const DECIDES = ['flows', 'timing', 'discount', 'copy'] as const;

/** The AI strategy management switch and what turning it on hands over. */
export function AiManagementCard({ on, pending, onChange }: { on: boolean; pending: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="automation-ai-card">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex align="center" gap={8}>
          <RobotOutlined style={{ fontSize: 20 }} />
          <Typography.Title level={4} style={{ margin: 0 }}>{t('automation.ai.title')}</Typography.Title>
        </Flex>
        <Flex align="center" gap={8}>
          <Typography.Text type={on ? 'success' : 'secondary'} data-testid="automation-ai-state">{t(on ? 'automation.ai.on' : 'automation.ai.off')}</Typography.Text>
          <Switch checked={on} loading={pending} onChange={onChange} aria-label={t('automation.ai.switchLabel')} data-testid="automation-ai-switch" />
        </Flex>
      </Flex>
      <Typography.Paragraph style={{ margin: '12px 0 4px' }}>{t('automation.ai.explain')}</Typography.Paragraph>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {DECIDES.map((k) => <li key={k}><Typography.Text>{t(`automation.ai.decides.${k}`)}</Typography.Text></li>)}
      </ul>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>{t('automation.ai.keepControl')}</Typography.Paragraph>
    </Card>
  );
}
