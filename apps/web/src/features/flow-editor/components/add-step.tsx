import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { FLOW_STEP_TYPES } from '@storecast/contract';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addStep, type ListRef } from '../step-tree.ts';
import { useTimeline } from './timeline-context.ts';

/**
 * The "+" on the line between steps: it opens the four step types in place (no pop-over, so it
 * reads the same on a phone) and adds the chosen one right there.
 */
export function AddStep({ list, afterKey, testId }: { list: ListRef; afterKey: string | null; testId: string }) {
  const { t } = useTranslation();
  const { steps, change } = useTimeline();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button
        size="small" shape="round" type="dashed" icon={<PlusOutlined />} onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }} data-testid={testId}
      >
        {t('flowEditor.steps.add')}
      </Button>
    );
  }
  return (
    <Flex wrap gap={6} align="center" data-testid={`${testId}-types`}>
      {FLOW_STEP_TYPES.map((type) => (
        <Button
          key={type}
          size="small"
          onClick={() => {
            change(addStep(steps, list, afterKey, type).steps);
            setOpen(false);
          }}
          data-testid={`add-${type}`}
        >
          {t(`flowEditor.steps.type.${type}`)}
        </Button>
      ))}
      <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('flowEditor.cancel')} onClick={() => setOpen(false)} />
    </Flex>
  );
}
