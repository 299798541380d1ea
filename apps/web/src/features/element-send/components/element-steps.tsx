import { Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export const ELEMENT_STEPS = ['products', 'matching', 'content', 'confirm'] as const;
export type ElementStep = (typeof ELEMENT_STEPS)[number];

/**
 * The wizard's heading and steps. Going back is always open; going ahead only to steps already
 * reached (`reached`), since content and sending need the matching first.
 */
export function ElementSteps({ step, name, reached }: { step: ElementStep; name?: string; reached: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const index = ELEMENT_STEPS.indexOf(step);
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>{name || t('elementSend.new')}</Typography.Title>
      <Steps
        current={index}
        style={{ marginBottom: 24 }}
        onChange={(i) => { if (i <= Math.max(index, reached)) void navigate(`/element/${ELEMENT_STEPS[i]}`); }}
        items={ELEMENT_STEPS.map((s, i) => ({
          title: <span data-testid={`element-step-${s}`}>{t(`elementSend.steps.${s}`)}</span>,
          disabled: i > Math.max(index, reached),
        }))}
      />
    </>
  );
}
