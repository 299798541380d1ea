import { saveCustomPopupBody, type Popup } from '@storecast/contract';
import { useCouponPresets } from '../brand/index.ts';
import { EditorWithPreview, PopupConditionEditor, PopupPreview, presetCoupon, usePopupForm } from '../popup-editor/index.ts';
import { Form } from 'antd';
import { usePopupWizard, type PopupWizard } from './use-popup-wizard.ts';
import { useStepMove } from './use-step-move.ts';
import { WizardFrame } from './wizard-frame.tsx';
import { RedirectWhileHere } from '../../shared/ui/redirect-while-here.tsx';

const schema = saveCustomPopupBody.pick({ conditions: true, double_opt_in: true });

/** Step 3: when, where and to whom the pop-up shows; finishing returns to the list. */
export function ConditionStepPage() {
  const wizard = usePopupWizard();
  if (!wizard.id) return <RedirectWhileHere to="/custom-popup/template" />;
  if (!wizard.detail) return <WizardFrame step="condition" wizard={wizard}>{null}</WizardFrame>;
  return <ConditionStep wizard={wizard} popup={wizard.detail} />;
}

function ConditionStep({ wizard, popup }: { wizard: PopupWizard; popup: Popup }) {
  const presets = useCouponPresets();
  const { form, collect, showServerErrors } = usePopupForm(schema);

  const move = useStepMove(wizard, collect, showServerErrors);

  return (
    <WizardFrame step="condition" wizard={wizard} move={move}>
      <Form form={form} layout="vertical" initialValues={{ conditions: popup.conditions, double_opt_in: popup.double_opt_in }} scrollToFirstError>
        <EditorWithPreview
          editor={<PopupConditionEditor schema={schema} prefix={['conditions']} doubleOptIn={['double_opt_in']} />}
          preview={<PopupPreview content={popup.content} coupon={presetCoupon(presets.data, popup.content.coupon_preset_id)} />}
        />
      </Form>
    </WizardFrame>
  );
}
