import { emailSchema, passwordSchema, registerBody, authRoutes } from '@storecast/contract';
import { Button, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { sameAsRule, showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { AuthFrame } from './auth-frame.tsx';
import { RegisterCodeStep, type SignUpDetails } from './register-code-step.tsx';

interface Values extends SignUpDetails {
  confirm_password: string;
}

const fields = registerBody.shape;

/**
 * Sign up in two steps: the details, then the code mailed to the address. The account exists
 * only once the code comes back; it then connects its first store.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [sent, setSent] = useState<{ details: SignUpDetails; resendAfter: number } | null>(null);
  // What was sent, so "use another address" comes back to the filled form.
  const [draft, setDraft] = useState<Partial<Values>>();
  const register = useApiMutation(authRoutes.register, {
    input: (v: Values) => ({ body: { ...v, agree_terms: true as const } }),
    onSuccess: (data, v) => setSent({
      details: { account: v.account.trim().toLowerCase(), password: v.password, agree_terms: true },
      resendAfter: data.resend_after,
    }),
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });

  if (sent) {
    return (
      <AuthFrame title={t('auth.register.codeTitle')}>
        <RegisterCodeStep details={sent.details} resendAfter={sent.resendAfter} onChangeAddress={() => {
          setDraft({ ...sent.details, confirm_password: sent.details.password });
          setSent(null);
        }} />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t('auth.register.title')}>
      <Form form={form} layout="vertical" onFinish={(v) => register.mutate(v)} initialValues={draft}>
        <Form.Item name="account" label={t('auth.fields.account')} required rules={[zodRule(emailSchema)]}>
          <Input autoComplete="email" placeholder={t('auth.fields.accountPlaceholder')} data-testid="register-account" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.fields.password')} required rules={[zodRule(passwordSchema)]}
          extra={t('auth.fields.passwordHint')}>
          <Input.Password autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item name="confirm_password" label={t('auth.fields.confirmPassword')} required dependencies={['password']}
          rules={[zodRule(passwordSchema), sameAsRule('password', 'errors.password.mismatch')]}>
          <Input.Password autoComplete="new-password" data-testid="register-confirm" />
        </Form.Item>
        <Form.Item name="agree_terms" valuePropName="checked" rules={[zodRule(fields.agree_terms)]}>
          <Checkbox data-testid="register-agree">{t('auth.register.agree')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.register.haveAccount')}{' '}
        <Link to="/login" data-testid="register-login-link">
          {t('auth.login.title')}
        </Link>
      </Typography.Paragraph>
    </AuthFrame>
  );
}
