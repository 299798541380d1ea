import type { SendMode } from '@storecast/contract';
import { Alert, Card, Checkbox, DatePicker, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInZone } from '../../../shared/format/format-date.ts';
import type { TranslationKey } from '../../../shared/i18n/translation-key.ts';
import { earliestSendAt, toWallTime } from '../send-time.ts';
import { RecommendationsPanel } from './recommendations-panel.tsx';
import { dayjsOf, type SendModeState } from '../use-send-mode.ts';

/** What the server says to heed before sending (no postal address, http links). */
export function SendWarnings({ warnings }: { warnings: readonly { key: string; msg: string }[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }} data-testid="send-warnings">
      {warnings.map((w) => (
        <Alert
          key={w.key}
          type="warning"
          showIcon
          title={w.msg}
          data-testid={`send-warning-${w.key.split('.').pop()}`}
          action={w.key === 'errors.strategy.noPostalAddress' ? <Link to="/store/store-info">{t('segmentSend.confirm.addAddress')}</Link> : undefined}
        />
      ))}
    </Space>
  );
}

/** Smart sending's checkbox and what it does for this kind of send. */
export function SmartSendingCheck({ checked, onChange, help }: { checked: boolean; onChange: (on: boolean) => void; help: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <>
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="smart-sending">
        {t('segmentSend.confirm.smartSending')}
      </Checkbox>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 24px' }}>{t(help)}</Typography.Paragraph>
    </>
  );
}

/**
 * The store's recommendations (discount, frequency, best time), then send now, later (a time in
 * the store's zone, with what is wrong with it) or keep as a draft.
 */
export function SendModeSection({ send }: { send: SendModeState }) {
  const { t } = useTranslation();
  const { zone, now, mode, instant, problem, tried } = send;
  return (
    <>
      <RecommendationsPanel />
      <Card title={t('segmentSend.confirm.mode')}>
        <Radio.Group value={mode} onChange={(e) => send.setMode(e.target.value as SendMode)}>
          <Space orientation="vertical">
            <Radio value="now" data-testid="send-now">{t('segmentSend.confirm.now')}</Radio>
            <Radio value="later" data-testid="send-later">{t('segmentSend.confirm.later')}</Radio>
            <Radio value="draft" data-testid="send-draft">{t('segmentSend.confirm.draft')}</Radio>
          </Space>
        </Radio.Group>
        {mode === 'later' && (
          <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
            <Typography.Text>{t('segmentSend.confirm.sendAt')}</Typography.Text>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={send.picked}
              onChange={send.setPicked}
              defaultPickerValue={dayjsOf(toWallTime(earliestSendAt(now) + 5 * 60_000, zone))}
              disabledDate={(c) => c.format('YYYY-MM-DD') < send.todayInZone}
              status={tried && problem ? 'error' : undefined}
              data-testid="send-at"
            />
            <Typography.Text type="secondary" data-testid="send-zone">{t('segmentSend.confirm.zone', { zone })}</Typography.Text>
            {instant !== null && !problem && <Typography.Text type="secondary">{formatInZone(new Date(instant).toISOString(), zone)}</Typography.Text>}
            {tried && problem && <Alert type="error" showIcon title={t(problem)} data-testid="send-at-error" />}
            {send.passed && <Alert type="warning" showIcon title={t('segmentSend.confirm.passedSomeZones')} data-testid="send-at-passed" />}
          </Space>
        )}
      </Card>
    </>
  );
}
