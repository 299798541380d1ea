import { type SendMode, strategyBody } from '@storecast/contract';
import { Alert, Button, Card, Checkbox, Col, DatePicker, Descriptions, Flex, Form, Input, Radio, Row, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { toastError, toastSuccess } from '../../../shared/api/toast.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { formatInZone, formatNumber } from '../../../shared/format/format-date.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { useNow } from '../../../shared/ui/use-now.ts';
import { InputWithFields } from '../../email-editor/index.ts';
import {
  earliestSendAt, passedInSomeZones, RecommendationsPanel, sendTimeProblem, toWallTime, wallTimeToInstant, type WallTime,
} from '../../segment-send/index.ts';
import { ElementSteps } from '../components/element-steps.tsx';
import { clearDraft } from '../element-draft-store.ts';
import { useSendWarnings, useShopInfo } from '../queries.ts';
import { useElementStrategy } from '../use-element-strategy.ts';

interface Values {
  name: string;
  title: string;
  summary: string;
  utm: { source: string; medium: string; campaign: string };
}

/** The picker's value read as wall-clock fields: they mean the store's zone, not the browser's. */
const wallOf = (d: Dayjs): WallTime => ({ year: d.year(), month: d.month() + 1, day: d.date(), hour: d.hour(), minute: d.minute() });
const dayjsOf = (w: WallTime): Dayjs => dayjs(new Date(w.year, w.month - 1, w.day, w.hour, w.minute));

/**
 * Step 4: name, subject, preview text and UTM; who gets it (the matched shoppers), smart
 * sending, and send now, later (store time zone, an hour ahead) or keep as a draft.
 */
export function ConfirmPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const el = useElementStrategy();
  const d = el.detail;
  const [form] = Form.useForm<Values>();
  const zone = useShopInfo().data?.timezone ?? 'UTC';
  const warnings = useSendWarnings(el.id).data?.warnings ?? [];
  const [smart, setSmart] = useState<boolean | null>(null);
  const [mode, setMode] = useState<SendMode>('now');
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const now = useNow();

  useEffect(() => {
    if (d) form.setFieldsValue({ name: d.name, title: d.title, summary: d.summary, utm: d.utm });
  }, [d, form]);

  if (!el.id) return <Alert type="warning" showIcon title={t('elementSend.noDraft')} data-testid="element-missing" />;
  if (el.missing) return <Alert type="error" showIcon title={t('elementSend.loadFailed')} data-testid="element-missing" />;
  if (!d || !el.state) return <PageLoading />;

  const smartSending = smart ?? d.smart_sending;
  const wall = picked ? wallOf(picked) : null;
  const instant = wall ? wallTimeToInstant(wall, zone) : null;
  const problem = mode === 'later' ? sendTimeProblem(instant, now) : null;
  const passed = mode === 'later' && wall && !problem && passedInSomeZones(wall, now);
  const today = toWallTime(now, zone);
  const todayInZone = `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  const coupon = d.content?.blocks.find((b) => b.type === 'coupon');

  const submit = async () => {
    setTried(true);
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (problem) {
      toastError(t(problem));
      return;
    }
    setRefusal(null);
    try {
      await el.saveWith({
        ...values, send_mode: mode, smart_sending: smartSending,
        send_at: mode === 'later' && instant !== null ? new Date(instant).toISOString() : null,
      });
      toastSuccess(t(mode === 'now' ? 'segmentSend.confirm.sent' : mode === 'later' ? 'segmentSend.confirm.scheduled' : 'elementSend.draftSaved'));
      // Sent or scheduled, this Element Send is done with: the next one starts from empty slots.
      if (mode !== 'draft') clearDraft();
      void navigate('/element');
    } catch (e) {
      // The shared client has shown it as a toast; it stays on the page until the next try.
      if (isApiError(e)) setRefusal(e.message);
    }
  };

  const shape = strategyBody.shape;
  return (
    <>
      <ElementSteps step="confirm" name={d.name} reached={3} />
      {warnings.length > 0 && (
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
      )}
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="element-refusal" />}
      <Card title={t('elementSend.confirm.summary')} style={{ marginBottom: 16 }}>
        <Form<Values> form={form} layout="vertical">
          <Form.Item name="name" label={t('elementSend.confirm.name')} required rules={[zodRule(shape.name)]}>
            <Input maxLength={60} data-testid="element-name" />
          </Form.Item>
          <Form.Item name="title" label={t('elementSend.confirm.subject')} rules={[zodRule(shape.title)]}>
            <InputWithFields maxLength={150} testId="element-subject" />
          </Form.Item>
          <Form.Item name="summary" label={t('elementSend.confirm.summaryField')} extra={t('elementSend.confirm.summaryHint')}>
            <Input maxLength={200} data-testid="element-summary" />
          </Form.Item>
          <Typography.Text strong>{t('elementSend.confirm.utm')}</Typography.Text>
          <Row gutter={16} style={{ marginTop: 8 }}>
            {(['source', 'medium', 'campaign'] as const).map((k) => (
              <Col xs={24} md={8} key={k}>
                <Form.Item name={['utm', k]} label={t(`elementSend.confirm.utm${k === 'source' ? 'Source' : k === 'medium' ? 'Medium' : 'Campaign'}`)}>
                  <Input maxLength={100} data-testid={`element-utm-${k}`} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('elementSend.confirm.products')}>
            {el.state.slots.map((s) => s.product?.title ?? '-').join(' · ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('elementSend.confirm.recipients')}>
            <span data-testid="element-recipients" data-count={el.state.matched_total}>{formatNumber(el.state.matched_total, i18n.language)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('emailEditor.block.coupon')}>
            {coupon?.type === 'coupon' ? `${coupon.code} (${coupon.discount}%)` : '-'}
          </Descriptions.Item>
        </Descriptions>
        <Checkbox checked={smartSending} onChange={(e) => setSmart(e.target.checked)} data-testid="smart-sending">
          {t('segmentSend.confirm.smartSending')}
        </Checkbox>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 24px' }}>{t('elementSend.confirm.smartSendingHelp')}</Typography.Paragraph>
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
          <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
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
            {instant !== null && !problem && <Typography.Text type="secondary">{formatInZone(new Date(instant).toISOString(), zone)}</Typography.Text>}
            {tried && problem && <Alert type="error" showIcon title={t(problem)} data-testid="send-at-error" />}
            {passed && <Alert type="warning" showIcon title={t('segmentSend.confirm.passedSomeZones')} data-testid="send-at-passed" />}
          </Space>
        )}
      </Card>
      <Flex justify="space-between" style={{ marginTop: 24 }}>
        <Button onClick={() => void navigate('/element/content')} data-testid="element-back">{t('elementSend.back')}</Button>
        <Button type="primary" loading={el.saving} onClick={() => void submit()} data-testid="send-confirm">{t('segmentSend.confirm.submit')}</Button>
      </Flex>
    </>
  );
}
