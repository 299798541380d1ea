import { Button, Card, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../../shared/api/toast.ts';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { SendModeSection, SendWarnings, SmartSendingCheck } from '../components/send-settings.tsx';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { useAudienceCount, useSegmentOptions, useSendWarnings, useShopInfo } from '../queries.ts';
import { useSendMode } from '../use-send-mode.ts';
import { useWizard } from '../use-wizard.ts';

/** Step 4: what goes to whom, then send now, schedule (store time zone, an hour ahead) or keep as draft. */
export function ConfirmPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const wizard = useWizard();
  const d = wizard.detail;
  const segments = useSegmentOptions();
  const [smart, setSmart] = useState<boolean | null>(null);
  const smartSending = smart ?? d?.smart_sending ?? false;
  const audience = useAudienceCount(d?.segment_ids ?? [], smartSending);
  const warnings = useSendWarnings(d?.id ?? null).data?.warnings ?? [];
  const send = useSendMode(useShopInfo().data?.timezone ?? 'UTC');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    send.setTried(true);
    if (send.problem) {
      toastError(t(send.problem));
      return;
    }
    setBusy(true);
    try {
      await wizard.submit({ send_mode: send.mode, smart_sending: smartSending, send_at: send.sendAt });
      toastSuccess(t(send.doneKey('segmentSend.draftSaved')));
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
      <SendWarnings warnings={warnings} />
      <Card title={t('segmentSend.confirm.summary')} style={{ marginBottom: 16 }}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('segmentSend.setting.name')}>{d?.name}</Descriptions.Item>
          <Descriptions.Item label={t('segmentSend.confirm.subject')}>{d?.title || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('segmentSend.setting.segments')}>{names || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('segmentSend.confirm.audience')}>
            <span data-testid="confirm-audience">{audience.data ? formatNumber(audience.data.count, i18n.language) : '-'}</span>
          </Descriptions.Item>
        </Descriptions>
        <SmartSendingCheck checked={smartSending} onChange={setSmart} help="segmentSend.confirm.smartSendingHelp" />
      </Card>
      <SendModeSection send={send} />
    </WizardFrame>
  );
}
