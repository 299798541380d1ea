import { emailSchema, loginBody, authRoutes } from '@storecast/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useSignIn } from './use-sign-in.ts';

const passwordRule = zodRule(loginBody.options[0].shape.password);

interface Values {
  account: string;
  password: string;
}

export function PasswordLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const signIn = useSignIn();
  const login = useApiMutation(authRoutes.login, {
    input: (v: Values) => ({ body: { login_method: 'password' as const, ...v } }),
    onSuccess: (data) => signIn(data.token),
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });

  return (
    <Form form={form} layout="vertical" onFinish={(v) => login.mutate(v)} requiredMark={false}>
      <Form.Item name="account" label={t('auth.fields.account')} rules={[zodRule(emailSchema)]}>
        <Input autoComplete="username" placeholder={t('auth.fields.accountPlaceholder')} data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" label={t('auth.fields.password')} rules={[passwordRule]}>
        <Input.Password autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}
