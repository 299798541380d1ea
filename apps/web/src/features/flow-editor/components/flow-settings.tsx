import type { FlowDefinition, FlowKind } from '@storecast/contract';
import { Card, Col, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { problemText, type FlowIssues } from '../flow-issues.ts';

interface Props {
  kind: FlowKind;
  draft: FlowDefinition;
  onChange: (patch: Partial<FlowDefinition>) => void;
  issues: FlowIssues['flow'];
}

/** The flow's own rules: exit on purchase, win-back's days without an order, the UTM of its links. */
export function FlowSettings({ kind, draft, onChange, issues }: Props) {
  const { t } = useTranslation();
  const problem = (field: string) => ({ validateStatus: issues.has(field) ? ('error' as const) : undefined, help: problemText(issues.get(field)) });
  const utm = (field: keyof FlowDefinition['utm'], label: string) => (
    <Col xs={24} md={8}>
      <Form.Item label={label} {...problem(`utm.${field}`)}>
        <Input value={draft.utm[field]} onChange={(e) => onChange({ utm: { ...draft.utm, [field]: e.target.value } })} data-testid={`utm-${field}`} />
      </Form.Item>
    </Col>
  );
  return (
    <Card size="small" title={t('flowEditor.settings.title')} data-testid="flow-settings">
      <Form layout="vertical" component="div">
        <Form.Item help={t('flowEditor.settings.exitHint')}>
          <Switch checked={draft.exit_on_purchase} onChange={(v) => onChange({ exit_on_purchase: v })} data-testid="exit-on-purchase" />
          <Typography.Text style={{ marginInlineStart: 8 }}>{t('flowEditor.settings.exitOnPurchase')}</Typography.Text>
        </Form.Item>
        {kind === 'win-back' && (
          <Form.Item label={t('flowEditor.settings.winBackDays')} {...problem('win_back_days')}>
            <InputNumber
              value={draft.win_back_days ?? 60}
              precision={0}
              onChange={(v) => onChange({ win_back_days: typeof v === 'number' ? v : 0 })}
              suffix={t('flowEditor.settings.days')}
              style={{ width: 160 }}
              data-testid="win-back-days"
            />
          </Form.Item>
        )}
        <Typography.Text strong>{t('flowEditor.settings.utm')}</Typography.Text>
        <Row gutter={12} style={{ marginTop: 8 }}>
          {utm('source', t('flowEditor.settings.utmSource'))}
          {utm('medium', t('flowEditor.settings.utmMedium'))}
          {utm('campaign', t('flowEditor.settings.utmCampaign'))}
        </Row>
      </Form>
    </Card>
  );
}
