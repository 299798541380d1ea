import { ArrowDownOutlined, ArrowUpOutlined, BranchesOutlined, ClockCircleOutlined, DeleteOutlined, MailOutlined, MessageOutlined } from '@ant-design/icons';
import { SPLIT_CONDITIONS, type FlowStep, type FlowStepType, type SplitStep } from '@storecast/contract';
import { Button, Card, Col, Flex, Form, Popconfirm, Row, Select, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../flow-issues.ts';
import { moveStep, removeStep, updateStep, type ListRef } from '../step-tree.ts';
import { AddStep } from './add-step.tsx';
import { EmailFields } from './email-fields.tsx';
import { SmsFields } from './sms-fields.tsx';
import { useTimeline } from './timeline-context.ts';
import { WaitFields } from './wait-fields.tsx';

const ICONS: Record<FlowStepType, ReactNode> = {
  wait: <ClockCircleOutlined />,
  email: <MailOutlined />,
  sms: <MessageOutlined />,
  split: <BranchesOutlined />,
};

/** The line a list of steps hangs on, with the "+" between steps. */
const rail = { borderInlineStart: '2px solid rgba(5, 5, 5, 0.12)', paddingInlineStart: 12 } as const;

/** One list of steps (the flow, or a branch of a split) as a vertical timeline. */
export function StepList({ list, steps, depth }: { list: ListRef; steps: readonly FlowStep[]; depth: number }) {
  const listId = list.split ? `${list.split}-${list.branch}` : 'top';
  return (
    <Flex vertical gap={8} style={rail} data-testid={`step-list-${listId}`}>
      <AddStep list={list} afterKey={null} testId={`step-add-first-${listId}`} />
      {steps.map((step, index) => (
        <Fragment key={step.key}>
          <StepCard step={step} depth={depth} first={index === 0} last={index === steps.length - 1} />
          <AddStep list={list} afterKey={step.key} testId={`step-add-after-${step.key}`} />
        </Fragment>
      ))}
    </Flex>
  );
}

function StepCard({ step, depth, first, last }: { step: FlowStep; depth: number; first: boolean; last: boolean }) {
  const { t } = useTranslation();
  const { steps, change, issues } = useTimeline();
  const stepProblem = problemText(issues.get(step.key)?.get(''));
  const hasChildren = step.type === 'split' && step.yes.length + step.no.length > 0;
  const remove = () => change(removeStep(steps, step.key));
  return (
    <Card
      size="small"
      data-testid={`step-${step.key}`}
      data-type={step.type}
      styles={{ header: { minWidth: 0 }, body: { minWidth: 0 } }}
      title={(
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          {ICONS[step.type]}
          <Typography.Text ellipsis>{t(`flowEditor.steps.type.${step.type}`)}</Typography.Text>
        </Flex>
      )}
      extra={(
        <Flex gap={2}>
          <Button
            size="small" type="text" icon={<ArrowUpOutlined />} disabled={first} aria-label={t('flowEditor.steps.moveUp')}
            onClick={() => change(moveStep(steps, step.key, -1))} data-testid="step-up"
          />
          <Button
            size="small" type="text" icon={<ArrowDownOutlined />} disabled={last} aria-label={t('flowEditor.steps.moveDown')}
            onClick={() => change(moveStep(steps, step.key, 1))} data-testid="step-down"
          />
          {hasChildren ? (
            <Popconfirm
              title={t('flowEditor.steps.removeSplit')} onConfirm={remove}
              okText={t('flowEditor.steps.remove')} cancelText={t('flowEditor.cancel')} okButtonProps={{ 'data-testid': 'step-remove-confirm' }}
            >
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('flowEditor.steps.remove')} data-testid="step-remove" />
            </Popconfirm>
          ) : (
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('flowEditor.steps.remove')} onClick={remove} data-testid="step-remove" />
          )}
        </Flex>
      )}
    >
      <Form layout="vertical" component="div">
        {step.type === 'wait' && <WaitFields step={step} />}
        {step.type === 'email' && <EmailFields step={step} />}
        {step.type === 'sms' && <SmsFields step={step} />}
        {step.type === 'split' && <SplitBody step={step} depth={depth} />}
      </Form>
      {stepProblem && <Typography.Text type="danger">{stepProblem}</Typography.Text>}
    </Card>
  );
}

/** A split: its condition, then the two branches side by side on a wide screen, stacked on a phone. */
function SplitBody({ step, depth }: { step: SplitStep; depth: number }) {
  const { t } = useTranslation();
  const { steps, change } = useTimeline();
  // Nested splits stack: two columns inside a column would leave each too narrow to type in.
  const wide = depth === 0 ? 12 : 24;
  return (
    <>
      <Form.Item label={t('flowEditor.split.condition')} style={{ marginBottom: 8 }}>
        <Select
          value={step.condition}
          onChange={(condition) => change(updateStep<SplitStep>(steps, step.key, { condition }))}
          options={SPLIT_CONDITIONS.map((c) => ({ value: c, label: t(`flowEditor.split.conditions.${c}`) }))}
          style={{ maxWidth: 360, width: '100%' }}
          data-testid="split-condition"
        />
      </Form.Item>
      {step.condition === 'opened' && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t('flowEditor.split.smsHint')}</Typography.Paragraph>
      )}
      <Row gutter={[12, 12]}>
        {(['yes', 'no'] as const).map((branch) => (
          <Col key={branch} xs={24} lg={wide} style={{ minWidth: 0 }}>
            <Typography.Text strong data-testid={`branch-${branch}`}>
              {t(`flowEditor.split.${branch}`)}
            </Typography.Text>
            <div style={{ marginTop: 8 }}>
              <StepList list={{ split: step.key, branch }} steps={step[branch]} depth={depth + 1} />
              {step[branch].length === 0 && (
                <Typography.Text type="secondary" style={{ fontSize: 12, paddingInlineStart: 14 }}>{t('flowEditor.split.empty')}</Typography.Text>
              )}
            </div>
          </Col>
        ))}
      </Row>
    </>
  );
}
