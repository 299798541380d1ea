import { accessRoutes, inviteManagerBody } from '@storecast/contract';
import { Button, Card, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useNarrow } from './use-narrow.ts';

interface Values { email: string; shop_ids: string[] }

/** Invites a manager by e-mail to chosen stores of the owner (SPEC 5: e-mail required and well-formed, a store chosen). */
export function InviteForm({ stores, currentShopId }: { stores: { id: string; name: string }[]; currentShopId: string }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [form] = Form.useForm<Values>();
  const invite = useApiMutation(accessRoutes.invite, {
    invalidates: [accessRoutes.memberList],
    onSuccess: (r) => {
      toastSuccess(t('notices.access.invited', { email: r.email }));
      form.resetFields(['email']);
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  const initial = stores.some((s) => s.id === currentShopId) ? [currentShopId] : [];

  return (
    <Card size={narrow ? 'small' : 'default'} title={t('accessManagement.invite.title')}>
      <Form<Values> form={form} layout="vertical" initialValues={{ email: '', shop_ids: initial }} onFinish={(v) => invite.mutate(v)}>
        <Form.Item name="email" label={t('accessManagement.invite.email')} required rules={[zodRule(inviteManagerBody.shape.email)]}>
          <Input inputMode="email" autoComplete="off" placeholder="name@example.com" maxLength={254} data-testid="invite-email" />
        </Form.Item>
        <Form.Item name="shop_ids" label={t('accessManagement.invite.stores')} required rules={[zodRule(inviteManagerBody.shape.shop_ids)]}>
          <Select
            mode="multiple"
            placeholder={t('accessManagement.invite.storesPlaceholder')}
            options={stores.map((s) => ({ value: s.id, label: s.name }))}
            optionFilterProp="label"
            data-testid="invite-stores"
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('accessManagement.invite.hint')}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={invite.isPending} data-testid="invite-submit">
          {t('accessManagement.invite.submit')}
        </Button>
      </Form>
    </Card>
  );
}
