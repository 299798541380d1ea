import { emailSchema, modifyPasswordBody, authRoutes } from '@storecast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { clearToken } from '../../shared/api/token-store.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useSessionUser } from '../../shared/session/queries.ts';

interface Values {
  email: string;
  password: string;
}

/** Changing the login e-mail ends every session, so the user signs in again with it. */
export function ChangeEmailForm() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const current = useSessionUser().data?.manager_info.manager_email;
  const change = useApiMutation(authRoutes.modifyEmail, {
    onSuccess: () => {
      // The server has already ended the session; the message comes first, then sign-in.
      modal.success({
        title: t('notices.login.emailChanged'),
        okText: t('auth.login.title'),
        closable: false,
        keyboard: false,
        onOk: () => {
          clearToken();
          queryClient.clear();
          void navigate('/login', { replace: true });
        },
      });
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });

  return (
    <Card title={t('account.user.changeEmail')}>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(v) => change.mutate(v)}>
        <Form.Item label={t('account.user.currentEmail')}>
          <span data-testid="email-current">{current}</span>
        </Form.Item>
        <Form.Item name="email" label={t('account.user.newEmail')} required rules={[zodRule(emailSchema)]}>
          <Input autoComplete="email" data-testid="email-new" />
        </Form.Item>
        <Form.Item name="password" label={t('account.user.passwordToConfirm')} required
          rules={[zodRule(modifyPasswordBody.shape.old_password)]}>
          <Input.Password autoComplete="current-password" data-testid="email-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="email-submit">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
