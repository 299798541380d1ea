import { modifyPasswordBody, passwordSchema, authRoutes } from '@storecast/contract';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { setToken } from '../../shared/api/token-store.ts';
import { sameAsRule, showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';

interface Values {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const fields = modifyPasswordBody.shape;

/** Every other session ends on a password change; this one continues with the new token. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useApiMutation(authRoutes.modifyPassword, {
    onSuccess: (data) => {
      setToken(data.token);
      form.resetFields();
      toastSuccess(t('notices.password.changed'));
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });

  return (
    <Card title={t('account.user.changePassword')}>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(v) => change.mutate(v)}>
        <Form.Item name="old_password" label={t('account.user.oldPassword')} required rules={[zodRule(fields.old_password)]}>
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item name="new_password" label={t('account.user.newPassword')} required rules={[zodRule(passwordSchema)]}
          extra={t('auth.fields.passwordHint')}>
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item name="confirm_password" label={t('account.user.confirmPassword')} required dependencies={['new_password']}
          rules={[zodRule(fields.confirm_password), sameAsRule('new_password', 'errors.password.mismatch')]}>
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
