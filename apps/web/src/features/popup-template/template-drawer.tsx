import { saveTemplateBody, TEMPLATE_ACTIVITIES, TEMPLATE_TARGETS, TEMPLATE_THEMES, type PopupContent, type PopupTemplate, brandRoutes } from '@storecast/contract';
import { Button, Card, Drawer, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import { uploadFile } from '../../shared/api/files.ts';
import { useCouponPresets, ImageUploadButton } from '../brand/index.ts';
import {
  EditorWithPreview, PopupContentEditor, PopupPreview, presetCoupon, schemaRule, useLiveContent, usePopupForm,
} from '../popup-editor/index.ts';
import { useTemplateActions } from './queries.ts';

const schema = saveTemplateBody.omit({ id: true, conditions: true });

/** What the drawer edits: a stored template, or a new one starting from `content`. */
export type TemplateDraft = { template: PopupTemplate } | { template: null; content: PopupContent };

/** Creates or edits one template: its labels, cover and sort value, and its content with the preview. */
export function TemplateDrawer({ draft, onClose }: { draft: TemplateDraft | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={!!draft}
      onClose={onClose}
      size="min(1180px, 100vw)"
      destroyOnHidden
      title={t(draft?.template ? 'popup.templates.edit' : 'popup.templates.create')}
      data-testid="template-drawer"
    >
      {draft && <TemplateForm draft={draft} onDone={onClose} />}
    </Drawer>
  );
}

function TemplateForm({ draft, onDone }: { draft: TemplateDraft; onDone: () => void }) {
  const { t } = useTranslation();
  const presets = useCouponPresets();
  const { save } = useTemplateActions();
  const { form, collect, showServerErrors } = usePopupForm(schema);
  const initial = draft.template ?? {
    name_zh: '', name_en: '', target: 'email', activity: 'welcome', theme: 'minimal', cover_url: '', sort: 0, content: draft.content,
  };
  const content = useLiveContent(form, ['content'], initial.content);
  const couponId = Form.useWatch(['content', 'coupon_preset_id'], form) as string | null | undefined;
  const rule = (name: string) => [schemaRule(schema, [name])];

  const submit = async () => {
    const values = await collect();
    if (!values) return;
    try {
      await save.mutateAsync({ ...values, id: draft.template?.id, conditions: draft.template?.conditions });
      toastSuccess(t('popup.saved'));
      onDone();
    } catch (e) {
      showServerErrors(e);
    }
  };

  const upload = async (file: File) => {
    const image = await uploadFile(brandRoutes.uploadImage, file);
    form.setFieldValue('cover_url', image.url);
    await form.validateFields(['cover_url']);
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} scrollToFirstError>
      <EditorWithPreview
        editor={(
          <Flex vertical gap={16}>
            <Card size="small" title={t('popup.templates.labels')}>
              <Flex gap={12} wrap>
                <Form.Item name="name_zh" label={t('popup.templates.nameZh')} rules={rule('name_zh')} style={{ flex: 1, minWidth: 180 }}>
                  <Input data-testid="template-name-zh" />
                </Form.Item>
                <Form.Item name="name_en" label={t('popup.templates.nameEn')} rules={rule('name_en')} style={{ flex: 1, minWidth: 180 }}>
                  <Input data-testid="template-name-en" />
                </Form.Item>
              </Flex>
              <Flex gap={12} wrap>
                <Form.Item name="target" label={t('popup.gallery.target')} rules={rule('target')} style={{ minWidth: 150 }}>
                  <Select options={TEMPLATE_TARGETS.map((v) => ({ value: v, label: t(`popup.targets.${v}`) }))} data-testid="template-target" />
                </Form.Item>
                <Form.Item name="activity" label={t('popup.gallery.activity')} rules={rule('activity')} style={{ minWidth: 150 }}>
                  <Select options={TEMPLATE_ACTIVITIES.map((v) => ({ value: v, label: t(`popup.activities.${v}`) }))} data-testid="template-activity" />
                </Form.Item>
                <Form.Item name="theme" label={t('popup.gallery.theme')} rules={rule('theme')} style={{ minWidth: 150 }}>
                  <Select options={TEMPLATE_THEMES.map((v) => ({ value: v, label: t(`popup.themes.${v}`) }))} data-testid="template-theme" />
                </Form.Item>
                <Form.Item name="sort" label={t('popup.templates.sort')} rules={rule('sort')} extra={t('popup.templates.sortHint')} style={{ width: 200 }}>
                  <InputNumber style={{ width: '100%' }} data-testid="template-sort" />
                </Form.Item>
              </Flex>
              <Form.Item label={t('popup.templates.coverUrl')} extra={t('popup.templates.coverHint')} style={{ marginBottom: 0 }}>
                <Flex gap={8} wrap>
                  <Form.Item name="cover_url" rules={rule('cover_url')} noStyle>
                    <Input placeholder="https://" style={{ flex: 1, minWidth: 200 }} data-testid="template-cover-url" />
                  </Form.Item>
                  <ImageUploadButton label={t('popup.templates.upload')} upload={upload} testId="template-cover-upload" />
                </Flex>
              </Form.Item>
            </Card>
            <PopupContentEditor schema={schema} prefix={['content']} presets={presets.data} />
            <Flex justify="flex-end">
              <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="template-save">{t('popup.save')}</Button>
            </Flex>
          </Flex>
        )}
        preview={content && <PopupPreview content={content} coupon={presetCoupon(presets.data, couponId)} />}
      />
    </Form>
  );
}
