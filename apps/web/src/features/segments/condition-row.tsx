import { DeleteOutlined } from '@ant-design/icons';
import type { SegmentCondition } from '@storecast/contract';
import { Button, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  attributeValueIsNumber, BEHAVIOUR_OPTIONS, behaviourTakesProduct, CONDITION_FIELDS, conditionProblem, defaultCondition,
  FIELD_KINDS, LEVEL_OPTIONS, operatorsFor, opTakesValue, STATUS_OPTIONS, toMajor, toMinor, withOperator,
  type ConditionField,
} from './condition-model.ts';
import type { TFunction } from 'i18next';

interface Props {
  index: number;
  condition: SegmentCondition;
  onChange: (c: SegmentCondition) => void;
  onRemove: () => void;
  tags: { id: number; name: string }[];
  /** Decimal places of the store currency, for total spent. */
  decimals: number;
  /** Show the row's problem (after the user tried to save). */
  showProblem: boolean;
}

/** One condition: field, then operator, then the value input that field needs. */
export function ConditionRow({ index, condition: c, onChange, onRemove, tags, decimals, showProblem }: Props) {
  const { t } = useTranslation();
  const problem = showProblem ? conditionProblem(c) : null;
  const tid = (part: string) => `condition-${index}-${part}`;
  // Each branch edits fields of its own member of the union; the row hands back a whole condition.
  const patch = (p: Record<string, unknown>) => onChange({ ...c, ...p } as SegmentCondition);

  const value = (() => {
    switch (FIELD_KINDS[c.field]) {
      case 'text': {
        const v = c as { op: string; value?: string };
        return opTakesValue(v.op) && (
          <Input style={{ width: 200 }} value={v.value ?? ''} onChange={(e) => patch({ value: e.target.value || undefined })} data-testid={tid('value')} />
        );
      }
      case 'attribute': {
        const v = c as { key: string; op: string; value?: string | number };
        return (
          <>
            <Input style={{ width: 140 }} placeholder={t('segments.builder.attributeKey')} value={v.key} onChange={(e) => patch({ key: e.target.value })} data-testid={tid('key')} />
            {opTakesValue(v.op) && (attributeValueIsNumber(v.op)
              ? <InputNumber style={{ width: 140 }} value={typeof v.value === 'number' ? v.value : null} onChange={(n) => patch({ value: n ?? undefined })} data-testid={tid('value')} />
              : <Input style={{ width: 160 }} value={v.value === undefined ? '' : String(v.value)} onChange={(e) => patch({ value: e.target.value || undefined })} data-testid={tid('value')} />)}
          </>
        );
      }
      case 'status':
      case 'level': {
        const v = c as { value: string[] };
        const options: { value: string; label: string }[] = FIELD_KINDS[c.field] === 'status'
          ? STATUS_OPTIONS.map((s) => ({ value: s, label: t(`emailList.status.${s}`) }))
          : LEVEL_OPTIONS.map((l) => ({ value: l, label: l }));
        return <Select mode="multiple" style={{ minWidth: 200 }} value={v.value} options={options} onChange={(value) => patch({ value })} data-testid={tid('value')} />;
      }
      case 'number': {
        const v = c as { value: number };
        return <InputNumber min={0} precision={0} value={v.value} onChange={(n) => patch({ value: n ?? Number.NaN })} data-testid={tid('value')} />;
      }
      case 'money': {
        const v = c as { value: number };
        return (
          <InputNumber
            min={0}
            precision={decimals}
            value={Number.isFinite(v.value) ? toMajor(v.value, decimals) : null}
            onChange={(n) => patch({ value: n === null ? Number.NaN : toMinor(n, decimals) })}
            data-testid={tid('value')}
          />
        );
      }
      case 'days': {
        const v = c as { value: number };
        return <InputNumber min={1} max={3650} precision={0} value={v.value} suffix={t('segments.builder.days')} onChange={(n) => patch({ value: n ?? Number.NaN })} data-testid={tid('value')} />;
      }
      case 'tag': {
        const v = c as { value: number };
        return (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            placeholder={t('emailList.fields.tag')}
            value={v.value > 0 ? v.value : undefined}
            options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            onChange={(value) => patch({ value })}
            data-testid={tid('value')}
          />
        );
      }
      case 'behavior': {
        const v = c as { event: string; days: number; subject?: string };
        return (
          <>
            <Select style={{ width: 160 }} value={v.event} options={behaviourOptions(t)} onChange={(event) => patch({ event, subject: behaviourTakesProduct(event) ? v.subject : undefined })} data-testid={tid('event')} />
            <InputNumber min={1} max={3650} precision={0} value={v.days} prefix={t('segments.builder.inLast')} suffix={t('segments.builder.days')} onChange={(n) => patch({ days: n ?? Number.NaN })} data-testid={tid('days')} />
            {behaviourTakesProduct(v.event) && (
              <Input style={{ width: 180 }} placeholder={t('segments.builder.product')} value={v.subject ?? ''} onChange={(e) => patch({ subject: e.target.value || undefined })} data-testid={tid('subject')} />
            )}
          </>
        );
      }
    }
  })();

  return (
    <div data-testid={`condition-${index}`}>
      <Space wrap align="start">
        <Select<ConditionField>
          // Short fixed lists: render every option so each stays reachable without scrolling.
          virtual={false}
          style={{ width: 170 }}
          value={c.field}
          options={CONDITION_FIELDS.map((f) => ({ value: f, label: t(`segments.fields.${f}`) }))}
          onChange={(f) => onChange(defaultCondition(f))}
          data-testid={tid('field')}
        />
        <Select
          // Short fixed lists: render every option so each stays reachable without scrolling.
          virtual={false}
          style={{ width: 150 }}
          value={c.op}
          options={operatorsFor(c.field).map((op) => ({ value: op, label: t(`segments.ops.${op}`) }))}
          onChange={(op) => onChange(withOperator(c, op))}
          data-testid={tid('op')}
        />
        {value}
        <Button type="text" icon={<DeleteOutlined />} aria-label={t('segments.builder.remove')} onClick={onRemove} data-testid={tid('remove')} />
      </Space>
      {problem && <Typography.Text type="danger" style={{ display: 'block' }}>{t(problem)}</Typography.Text>}
    </div>
  );
}

function behaviourOptions(t: TFunction) {
  return BEHAVIOUR_OPTIONS.map((e) => ({ value: e, label: t(`segments.events.${e}`) }));
}
