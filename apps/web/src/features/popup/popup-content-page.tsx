import { saveMainPopupBody, type Popup } from '@storecast/contract';
import { Alert, Button, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useCouponPresets } from '../brand/index.ts';
import {
  EditorWithPreview, PopupContentEditor, PopupPreview, presetCoupon, useLiveContent, usePopupForm,
} from '../popup-editor/index.ts';
import { mainBody, useMainPopup, useSaveMainPopup } from './queries.ts';

const schema = saveMainPopupBody.pick({ content: true });

/** /popup/content: what the subscription pop-up shows, beside its live preview. */
export function PopupContentPage() {
  const { t } = useTranslation();
  const popup = useMainPopup();
  if (popup.isError) return <Alert type="error" showIcon title={t('popup.loadFailed')} data-testid="popup-missing" />;
  if (!popup.data) return <PageLoading />;
  return <ContentForm popup={popup.data} />;
}

function ContentForm({ popup }: { popup: Popup }) {
  const { t } = useTranslation();
  // Asked again when the tab comes back: presets are added on another page, opened in a new tab.
  const presets = useCouponPresets({ refreshOnFocus: true });
  const save = useSaveMainPopup();
  const { form, collect, showServerErrors } = usePopupForm(schema);
  const content = useLiveContent(form, ['content'], popup.content);
  const couponId = Form.useWatch(['content', 'coupon_preset_id'], form) as string | null | undefined;

  const submit = async () => {
    const values = await collect();
    if (!values) return;
    try {
      await save.mutateAsync({ ...mainBody(popup), content: values.content });
      toastSuccess(t('popup.saved'));
    } catch (e) {
      showServerErrors(e);
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('menu.popupContent')}</Typography.Title>
        <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="popup-save">{t('popup.save')}</Button>
      </Flex>
      <Form form={form} layout="vertical" initialValues={{ content: popup.content }} scrollToFirstError>
        <EditorWithPreview
          editor={<PopupContentEditor schema={schema} prefix={['content']} presets={presets.data} />}
          preview={content && <PopupPreview content={content} coupon={presetCoupon(presets.data, couponId)} />}
        />
      </Form>
    </>
  );
}
