import { PlusOutlined } from '@ant-design/icons';
import { findCurrency, segmentNameSchema, type SegmentCondition, audienceRoutes } from '@storecast/contract';
import { Alert, Button, Drawer, Form, Input, Radio, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { ConditionRow } from './condition-row.tsx';
import { defaultCondition, ruleValid } from './condition-model.ts';
import { useTagOptions } from './queries.ts';
import { useLiveCount } from './use-live-count.ts';

export interface SegmentDraft {
  id?: string;
  name: string;
  match: 'all' | 'any';
  conditions: SegmentCondition[];
}

export const emptyDraft = (): SegmentDraft => ({ name: '', match: 'all', conditions: [defaultCondition('activity_level')] });

/** The segment editor: name, all/any, condition rows, and the live count of who matches. */
export function SegmentBuilder({ draft, onClose }: { draft: SegmentDraft | null; onClose: () => void }) {
  return (
    <Drawer open={draft !== null} onClose={onClose} size={820} destroyOnHidden title={null} data-testid="segment-builder">
      {draft && <BuilderBody initial={draft} onClose={onClose} />}
    </Drawer>
  );
}

function BuilderBody({ initial, onClose }: { initial: SegmentDraft; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const tags = useTagOptions();
  const [form] = Form.useForm<{ name: string }>();
  const [match, setMatch] = useState(initial.match);
  const [conditions, setConditions] = useState(initial.conditions);
  const [tried, setTried] = useState(false);
  const live = useLiveCount(match, conditions);
  const decimals = findCurrency(user?.currency ?? 'USD')?.decimals ?? 2;

  const save = useApiMutation(audienceRoutes.segmentSave, {
    input: (name: string) => ({ body: { id: initial.id, name, match, conditions } }),
    invalidates: [audienceRoutes.segmentList],
    onSuccess: () => {
      toastSuccess(t('segments.saved'));
      onClose();
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });

  const submit = (name: string) => {
    setTried(true);
    if (ruleValid(match, conditions)) save.mutate(name);
  };
  const setAt = (i: number, c: SegmentCondition) => setConditions((prev) => prev.map((x, j) => (j === i ? c : x)));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>{initial.id ? t('segments.edit') : t('segments.add')}</Typography.Title>
      <Form form={form} layout="vertical" initialValues={{ name: initial.name }} onFinish={(v) => submit(v.name)}>
        <Form.Item name="name" label={t('segments.name')} rules={[zodRule(segmentNameSchema)]}>
          <Input style={{ maxWidth: 320 }} data-testid="segment-name" />
        </Form.Item>
      </Form>
      <Space>
        <Typography.Text>{t('segments.builder.match')}</Typography.Text>
        <Radio.Group
          value={match}
          onChange={(e) => setMatch(e.target.value as 'all' | 'any')}
          optionType="button"
          options={[{ value: 'all', label: t('segments.builder.all') }, { value: 'any', label: t('segments.builder.any') }]}
          data-testid="segment-match"
        />
      </Space>
      {conditions.map((c, i) => (
        <ConditionRow
          key={i}
          index={i}
          condition={c}
          tags={tags.data ?? []}
          decimals={decimals}
          showProblem={tried}
          onChange={(next) => setAt(i, next)}
          onRemove={() => setConditions((prev) => prev.filter((_, j) => j !== i))}
        />
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={conditions.length >= 20}
        onClick={() => setConditions((prev) => [...prev, defaultCondition('email')])}
        data-testid="condition-add"
      >
        {t('segments.builder.addCondition')}
      </Button>
      {tried && conditions.length === 0 && <Alert type="error" showIcon title={t('errors.segment.noConditions')} />}
      <Statistic
        title={t('segments.builder.liveCount')}
        value={live.valid ? (live.count ?? '…') : '-'}
        loading={live.loading && live.count === undefined}
        data-testid="segment-live-count"
      />
      {!live.valid && <Typography.Text type="secondary">{t('segments.builder.countHint')}</Typography.Text>}
      <Space>
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="segment-save">{t('common.save')}</Button>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </Space>
    </Space>
  );
}
