import { Alert, Button, Flex, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { WIZARD_STEPS, type PopupWizard, type WizardStep } from './use-popup-wizard.ts';

interface Props {
  step: WizardStep;
  wizard: PopupWizard;
  /** Saves the step and opens another; without it (the template step) steps only open. */
  move?: (to: WizardStep | 'home') => Promise<void>;
  children: ReactNode;
}

/** The steps of the pop-up wizard, the step's page, and back / save / next (or finish). */
export function WizardFrame({ step, wizard, move, children }: Props) {
  const { t } = useTranslation();
  const index = WIZARD_STEPS.indexOf(step);
  const go = (to: WizardStep | 'home') => (move ? void move(to) : to !== 'home' && wizard.open(to));

  if (wizard.loading) return <PageLoading />;
  if (wizard.missing) return <Alert type="error" showIcon title={t('popup.loadFailed')} data-testid="popup-missing" />;
  const last = index === WIZARD_STEPS.length - 1;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="wizard-title">
        {wizard.detail?.name || t('popup.centre.create')}
      </Typography.Title>
      <Steps
        current={index}
        style={{ marginBottom: 24 }}
        // Later steps open only once the pop-up exists.
        onChange={(i) => (wizard.id || i <= index) && go(WIZARD_STEPS[i]!)}
        items={WIZARD_STEPS.map((s) => ({ title: <span data-testid={`wizard-step-${s}`}>{t(`popup.centre.steps.${s}`)}</span> }))}
      />
      {children}
      {move && (
        <Flex justify="space-between" style={{ marginTop: 24 }}>
          <Button onClick={() => go(WIZARD_STEPS[index - 1]!)} disabled={wizard.saving} data-testid="wizard-back">{t('popup.back')}</Button>
          <Flex gap={8}>
            {!last && <Button onClick={() => go('home')} loading={wizard.saving} data-testid="wizard-save">{t('popup.save')}</Button>}
            <Button type="primary" onClick={() => go(last ? 'home' : WIZARD_STEPS[index + 1]!)} loading={wizard.saving} data-testid="wizard-next">
              {t(last ? 'popup.finish' : 'popup.next')}
            </Button>
          </Flex>
        </Flex>
      )}
    </>
  );
}
