import type { StrategyBody } from '@storecast/contract';
import { Alert, Button, Flex, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../shared/api/toast.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { WIZARD_STEPS, type WizardStep, type useWizard } from '../use-wizard.ts';

interface Props {
  step: WizardStep;
  wizard: ReturnType<typeof useWizard>;
  /** The step's changes, or null when the step's form refuses them (it shows why). */
  collect: () => Promise<Partial<StrategyBody> | null>;
  children: ReactNode;
  /** Replaces the "next" button on the last step. */
  finish?: ReactNode;
  wide?: boolean;
}

/**
 * The frame every wizard step shares: the steps, the step's page, and back / save draft / next.
 * Every move between steps goes through the step's `collect` and a draft save.
 */
export function WizardFrame({ step, wizard, collect, children, finish }: Props) {
  const { t } = useTranslation();
  const index = WIZARD_STEPS.indexOf(step);
  const go = async (to: WizardStep | 'home' | undefined) => {
    const patch = await collect();
    if (!patch) return;
    await wizard.saveAndGo(patch, to);
    if (to === 'home') toastSuccess(t('segmentSend.draftSaved'));
  };

  if (wizard.loading) return <PageLoading />;
  if (wizard.missing) return <Alert type="error" showIcon title={t('segmentSend.loadFailed')} data-testid="send-missing" />;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {wizard.detail?.name || t('segmentSend.new')}
      </Typography.Title>
      <Steps
        current={index}
        style={{ marginBottom: 24 }}
        // Later steps open only once a draft exists; every move saves the current step first.
        onChange={(i) => (wizard.id || i <= index) && void go(WIZARD_STEPS[i])}
        items={WIZARD_STEPS.map((s) => ({ title: <span data-testid={`send-step-${s}`}>{t(`segmentSend.steps.${s}`)}</span> }))}
      />
      {children}
      <Flex justify="space-between" style={{ marginTop: 24 }}>
        <span>
          {index > 0 && (
            <Button onClick={() => void go(WIZARD_STEPS[index - 1])} disabled={wizard.saving} data-testid="send-back">
              {t('segmentSend.back')}
            </Button>
          )}
        </span>
        <Flex gap={8}>
          {!finish && (
            <Button onClick={() => void go('home')} loading={wizard.saving} data-testid="send-save-draft">
              {t('segmentSend.saveDraft')}
            </Button>
          )}
          {finish ?? (
            <Button type="primary" onClick={() => void go(WIZARD_STEPS[index + 1])} loading={wizard.saving} data-testid="send-next">
              {t('segmentSend.next')}
            </Button>
          )}
        </Flex>
      </Flex>
    </>
  );
}
