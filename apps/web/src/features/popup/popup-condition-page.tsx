import { saveMainPopupBody, type Popup } from '@storecast/contract';
import { Alert, Button, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useCouponPresets } from '../brand/index.ts';
import { EditorWithPreview, PopupConditionEditor, PopupPreview, presetCoupon, usePopupForm } from '../popup-editor/index.ts';
import { mainBody, useMainPopup, useSaveMainPopup } from './queries.ts';

const schema = saveMainPopupBody.pick({ conditions: true, double_opt_in: true });

/** /popup/condition: when, where and to whom the subscription pop-up shows. */
export function PopupConditionPage() {
  const { t } = useTranslation();
  const popup = useMainPopup();
  if (popup.isError) return <Alert type="error" showIcon title={t('popup.loadFailed')} data-testid="popup-missing" />;
  if (!popup.data) return <PageLoading />;
  return <ConditionForm popup={popup.data} />;
}

function ConditionForm({ popup }: { popup: Popup }) {
  const { t } = useTranslation();
  const presets = useCouponPresets();
  const save = useSaveMainPopup();
  const { form, collect, showServerErrors } = usePopupForm(schema);

  const submit = async () => {
    const values = await collect();
    if (!values) return;
    try {
      await save.mutateAsync({ ...mainBody(popup), conditions: values.conditions, double_opt_in: values.double_opt_in });
      toastSuccess(t('popup.saved'));
    } catch (e) {
      showServerErrors(e);
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('menu.popupCondition')}</Typography.Title>
        <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="popup-save">{t('popup.save')}</Button>
      </Flex>
      <Form form={form} layout="vertical" initialValues={{ conditions: popup.conditions, double_opt_in: popup.double_opt_in }} scrollToFirstError>
        <EditorWithPreview
          editor={<PopupConditionEditor schema={schema} prefix={['conditions']} doubleOptIn={['double_opt_in']} />}
          preview={<PopupPreview content={popup.content} coupon={presetCoupon(presets.data, popup.content.coupon_preset_id)} />}
        />
      </Form>
    </>
  );
}
