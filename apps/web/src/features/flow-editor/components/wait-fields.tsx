import { WAIT_UNITS, type WaitStep } from '@storecast/contract';
import { Flex, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateStep } from '../step-tree.ts';
import { useFieldIssue, useTimeline } from './timeline-context.ts';

export function WaitFields({ step }: { step: WaitStep }) {
  const { t } = useTranslation();
  const { steps, change } = useTimeline();
  const problem = useFieldIssue(step.key, 'amount');
  const set = (patch: Partial<WaitStep>) => change(updateStep<WaitStep>(steps, step.key, patch));
  return (
    <Form.Item label={t('flowEditor.wait.amount')} validateStatus={problem ? 'error' : undefined} help={problem} style={{ marginBottom: 0 }}>
      <Flex gap={8} wrap>
        <InputNumber
          precision={0}
          value={step.amount}
          // An emptied field is kept as 0 so the contract's own message says what is wrong.
          onChange={(v) => set({ amount: typeof v === 'number' ? v : 0 })}
          style={{ width: 120 }}
          aria-label={t('flowEditor.wait.amount')}
          data-testid="wait-amount"
        />
        <Select
          value={step.unit}
          onChange={(unit) => set({ unit })}
          options={WAIT_UNITS.map((u) => ({ value: u, label: t(`flowEditor.wait.units.${u}`) }))}
          style={{ width: 120 }}
          aria-label={t('flowEditor.wait.unit')}
          data-testid="wait-unit"
        />
      </Flex>
    </Form.Item>
  );
}
