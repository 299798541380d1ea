import { Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TOP } from '../step-tree.ts';
import { StepList } from './step-list.tsx';
import { TimelineContext, type TimelineValue } from './timeline-context.ts';

/**
 * A flow's steps as a vertical timeline: add a step after any step or inside a branch, move it
 * within its list, delete it; each step's own fields with the contract's problems beside them.
 */
export function StepTimeline(props: TimelineValue) {
  const { t } = useTranslation();
  const { steps, change, issues, couponPresets, quietHours, editContent, writer } = props;
  const value = useMemo(
    () => ({ steps, change, issues, couponPresets, quietHours, editContent, writer }),
    [steps, change, issues, couponPresets, quietHours, editContent, writer],
  );
  return (
    <TimelineContext value={value}>
      <Flex vertical gap={8} data-testid="step-timeline">
        <Typography.Text type="secondary">{t('flowEditor.steps.start')}</Typography.Text>
        <StepList list={TOP} steps={steps} depth={0} />
        <Typography.Text type="secondary">{t('flowEditor.steps.end')}</Typography.Text>
      </Flex>
    </TimelineContext>
  );
}
