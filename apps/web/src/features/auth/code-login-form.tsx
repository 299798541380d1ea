import { mobileSchema, verifyCodeSchema, authRoutes } from '@storecast/contract';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { SendCodeButton } from './send-code-button.tsx';
import { useSignIn } from './use-sign-in.ts';

interface Values {
  mobile: string;
  verify_code: string;
}

export function CodeLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const signIn = useSignIn();
  const login = useApiMutation(authRoutes.login, {
    input: (v: Values) => ({ body: { login_method: 'code' as const, ...v } }),
    onSuccess: (data) => signIn(data.token),
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  const getMobile = async () => (await form.validateFields(['mobile'])).mobile;

  return (
    <Form form={form} layout="vertical" onFinish={(v) => login.mutate(v)} requiredMark={false}>
      <Form.Item name="mobile" label={t('auth.fields.mobile')} rules={[zodRule(mobileSchema)]}>
        <Input autoComplete="tel" inputMode="tel" placeholder={t('auth.fields.mobilePlaceholder')} data-testid="login-mobile" />
      </Form.Item>
      {/* The label wraps the box and the send button, so it names the box by its id (antd's field id). */}
      <Form.Item label={t('auth.fields.code')} htmlFor="verify_code" required={false}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="verify_code" noStyle rules={[zodRule(verifyCodeSchema)]}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} data-testid="login-code" />
          </Form.Item>
          <SendCodeButton getMobile={getMobile} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-code-submit">
        {t('auth.login.submit')}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="login-code-hint">
        {t('auth.login.codeHint')}
      </Typography.Paragraph>
    </Form>
  );
}
