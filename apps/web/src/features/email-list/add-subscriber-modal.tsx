import { emailSchema, mobileSchema, audienceRoutes } from '@storecast/contract';
import { Form, Input, Modal, Select } from 'antd';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { issueText, showFieldErrors, translateIssue } from '../../shared/forms/zod-rule.ts';
import { useTags } from './queries.ts';

interface Values {
  email?: string;
  phone?: string;
  first_name?: string;
  last_name?: string;
  tag_ids?: number[];
}

/** E-mail and phone are each optional, but a value given must be well-formed. */
const optional = (schema: z.ZodType): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === '') return;
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(issueText(result.error.issues[0]!));
  },
});

/** The contract's refinement: at least one way to reach the subscriber. */
const contactRule: FormRule = ({ getFieldValue }) => ({
  validator: async () => {
    if (!getFieldValue('email') && !getFieldValue('phone')) throw new Error(translateIssue('errors.subscriber.contactRequired'));
  },
});

export function AddSubscriberModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const tags = useTags();
  const save = useApiMutation(audienceRoutes.subscriberSave, {
    input: (v: Values) => ({
      body: {
        email: v.email || undefined,
        phone: v.phone || undefined,
        first_name: v.first_name ?? '',
        last_name: v.last_name ?? '',
        tag_ids: v.tag_ids ?? [],
      },
    }),
    invalidates: [audienceRoutes.subscriberList],
    onSuccess: () => {
      toastSuccess(t('emailList.add.saved'));
      form.resetFields();
      onClose();
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });

  return (
    <Modal
      open={open}
      title={t('emailList.add.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'add-subscriber-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} preserve={false}>
        <Form.Item name="email" label={t('emailList.fields.email')} rules={[optional(emailSchema), contactRule]} dependencies={['phone']}>
          <Input data-testid="add-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('emailList.fields.phone')} rules={[optional(mobileSchema)]}>
          <Input data-testid="add-phone" />
        </Form.Item>
        <Form.Item name="first_name" label={t('emailList.fields.firstName')}>
          <Input maxLength={100} data-testid="add-first-name" />
        </Form.Item>
        <Form.Item name="last_name" label={t('emailList.fields.lastName')}>
          <Input maxLength={100} data-testid="add-last-name" />
        </Form.Item>
        <Form.Item name="tag_ids" label={t('emailList.fields.tags')}>
          <Select mode="multiple" options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))} data-testid="add-tags" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
