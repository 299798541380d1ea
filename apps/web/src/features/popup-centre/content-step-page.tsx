import { saveCustomPopupBody, type Popup } from '@storecast/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCouponPresets } from '../brand/index.ts';
import {
  EditorWithPreview, PopupContentEditor, PopupPreview, presetCoupon, schemaRule, useLiveContent, usePopupForm,
} from '../popup-editor/index.ts';
import { usePopupWizard, type PopupWizard } from './use-popup-wizard.ts';
import { useStepMove } from './use-step-move.ts';
import { WizardFrame } from './wizard-frame.tsx';
import { RedirectWhileHere } from '../../shared/ui/redirect-while-here.tsx';

const schema = saveCustomPopupBody.pick({ name: true, content: true });

/** Step 2: the pop-up's name and what it shows, beside the live preview. */
export function ContentStepPage() {
  const wizard = usePopupWizard();
  // Without a pop-up yet, the wizard starts at the template step.
  if (!wizard.id) return <RedirectWhileHere to="/custom-popup/template" />;
  if (!wizard.detail) return <WizardFrame step="content" wizard={wizard}>{null}</WizardFrame>;
  return <ContentStep wizard={wizard} popup={wizard.detail} />;
}

function ContentStep({ wizard, popup }: { wizard: PopupWizard; popup: Popup }) {
  const { t } = useTranslation();
  const presets = useCouponPresets({ refreshOnFocus: true });
  const { form, collect, showServerErrors } = usePopupForm(schema);
  const content = useLiveContent(form, ['content'], popup.content);
  const couponId = Form.useWatch(['content', 'coupon_preset_id'], form) as string | null | undefined;

  const move = useStepMove(wizard, collect, showServerErrors);

  return (
    <WizardFrame step="content" wizard={wizard} move={move}>
      <Form form={form} layout="vertical" initialValues={{ name: popup.name, content: popup.content }} scrollToFirstError>
        <Form.Item name="name" label={t('popup.content.name')} rules={[schemaRule(schema, ['name'])]} style={{ maxWidth: 400 }}>
          <Input data-testid="popup-name" />
        </Form.Item>
        <EditorWithPreview
          editor={<PopupContentEditor schema={schema} prefix={['content']} presets={presets.data} />}
          preview={content && <PopupPreview content={content} coupon={presetCoupon(presets.data, couponId)} />}
        />
      </Form>
    </WizardFrame>
  );
}
