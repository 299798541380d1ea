import type { SendMode } from '@storecast/contract';
import { Alert, Card, Checkbox, DatePicker, Descriptions, Radio, Space, Typography, Button } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../../shared/api/toast.ts';
import { formatInZone, formatNumber } from '../../../shared/format/format-date.ts';
import { useNow } from '../../../shared/ui/use-now.ts';
import { RecommendationsPanel } from '../components/recommendations-panel.tsx';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { useAudienceCount, useSegmentOptions, useSendWarnings, useShopInfo } from '../queries.ts';
import { earliestSendAt, passedInSomeZones, sendTimeProblem, toWallTime, wallTimeToInstant, type WallTime } from '../send-time.ts';
import { useWizard } from '../use-wizard.ts';

/** The picker's value read as wall-clock fields: they mean the store's zone, not the browser's. */
const wallOf = (d: Dayjs): WallTime => ({ year: d.year(), month: d.month() + 1, day: d.date(), hour: d.hour(), minute: d.minute() });
const dayjsOf = (w: WallTime): Dayjs => dayjs(new Date(w.year, w.month - 1, w.day, w.hour, w.minute));

/** Step 4: what goes to whom, then send now, schedule (store time zone, an hour ahead) or keep as draft. */
export function ConfirmPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const wizard = useWizard();
  const d = wizard.detail;
  const zone = useShopInfo().data?.timezone ?? 'UTC';
  const segments = useSegmentOptions();
  const [smart, setSmart] = useState<boolean | null>(null);
  const smartSending = smart ?? d?.smart_sending ?? false;
  const audience = useAudienceCount(d?.segment_ids ?? [], smartSending);
  const warnings = useSendWarnings(d?.id ?? null).data?.warnings ?? [];
  const [mode, setMode] = useState<SendMode>('now');
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const now = useNow();

  const wall = picked ? wallOf(picked) : null;
  const instant = wall ? wallTimeToInstant(wall, zone) : null;
  const problem = mode === 'later' ? sendTimeProblem(instant, now) : null;
  const passed = mode === 'later' && wall && !problem && passedInSomeZones(wall, now);
  const todayInZone = (() => { const w = toWallTime(now, zone); return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`; })();

  const submit = async () => {
    setTried(true);
    if (problem) {
      toastError(t(problem));
      return;
    }
    setBusy(true);
    try {
      await wizard.submit({ send_mode: mode, smart_sending: smartSending, send_at: mode === 'later' && instant !== null ? new Date(instant).toISOString() : null });
      toastSuccess(t(mode === 'now' ? 'segmentSend.confirm.sent' : mode === 'later' ? 'segmentSend.confirm.scheduled' : 'segmentSend.draftSaved'));
      void navigate('/tags');
    } catch {
      // The shared client has shown the server's refusal; the draft stays as it was.
    } finally {
      setBusy(false);
    }
  };

  const names = (d?.segment_ids ?? []).map((id) => segments.data?.find((s) => s.id === id)?.name ?? id).join(', ');
  return (
    <WizardFrame
      step="confirm"
      wizard={wizard}
      collect={async () => ({})}
      finish={<Button type="primary" loading={busy} onClick={() => void submit()} data-testid="send-confirm">{t('segmentSend.confirm.submit')}</Button>}
    >
      {warnings.length > 0 && (
        <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }} data-testid="send-warnings">
          {warnings.map((w) => (
            <Alert
              key={w.key}
              type="warning"
              showIcon
              title={w.msg}
              data-testid={`send-warning-${w.key.split('.').pop()}`}
              action={w.key === 'errors.strategy.noPostalAddress'
                ? <Link to="/store/store-info">{t('segmentSend.confirm.addAddress')}</Link>
                : undefined}
            />
          ))}
        </Space>
      )}
      <Card title={t('segmentSend.confirm.summary')} style={{ marginBottom: 16 }}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('segmentSend.setting.name')}>{d?.name}</Descriptions.Item>
          <Descriptions.Item label={t('segmentSend.confirm.subject')}>{d?.title || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('segmentSend.setting.segments')}>{names || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('segmentSend.confirm.audience')}>
            <span data-testid="confirm-audience">{audience.data ? formatNumber(audience.data.count, i18n.language) : '-'}</span>
          </Descriptions.Item>
        </Descriptions>
        <Checkbox checked={smartSending} onChange={(e) => setSmart(e.target.checked)} data-testid="smart-sending">
          {t('segmentSend.confirm.smartSending')}
        </Checkbox>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 24px' }}>{t('segmentSend.confirm.smartSendingHelp')}</Typography.Paragraph>
      </Card>
      <RecommendationsPanel />
      <Card title={t('segmentSend.confirm.mode')}>
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as SendMode)}>
          <Space orientation="vertical">
            <Radio value="now" data-testid="send-now">{t('segmentSend.confirm.now')}</Radio>
            <Radio value="later" data-testid="send-later">{t('segmentSend.confirm.later')}</Radio>
            <Radio value="draft" data-testid="send-draft">{t('segmentSend.confirm.draft')}</Radio>
          </Space>
        </Radio.Group>
        {mode === 'later' && (
          <div style={{ marginTop: 16 }}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Text>{t('segmentSend.confirm.sendAt')}</Typography.Text>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                value={picked}
                onChange={setPicked}
                defaultPickerValue={dayjsOf(toWallTime(earliestSendAt(now) + 5 * 60_000, zone))}
                disabledDate={(c) => c.format('YYYY-MM-DD') < todayInZone}
                status={tried && problem ? 'error' : undefined}
                data-testid="send-at"
              />
              <Typography.Text type="secondary" data-testid="send-zone">{t('segmentSend.confirm.zone', { zone })}</Typography.Text>
              {instant !== null && !problem && (
                <Typography.Text type="secondary">{formatInZone(new Date(instant).toISOString(), zone)}</Typography.Text>
              )}
              {tried && problem && <Alert type="error" showIcon title={t(problem)} data-testid="send-at-error" />}
              {passed && <Alert type="warning" showIcon title={t('segmentSend.confirm.passedSomeZones')} data-testid="send-at-passed" />}
            </Space>
          </div>
        )}
      </Card>
    </WizardFrame>
  );
}
