import { api, emailSchema, passwordSchema, registerBody } from '@storecast/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/api-error.ts';
import { call } from '../../shared/api/client.ts';
import { sameAsRule, showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { AuthFrame } from './auth-frame.tsx';
import { useSignIn } from './use-sign-in.ts';

interface Values {
  account: string;
  password: string;
  confirm_password: string;
  mobile?: string;
  agree_terms: boolean;
}

const fields = registerBody.shape;

/** Sign up with an e-mail account; the new account connects its first store next. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const signIn = useSignIn();
  const register = useMutation({
    mutationFn: ({ mobile, ...v }: Values) =>
      call(api.auth.register, { body: { ...v, mobile: mobile?.trim() || undefined, agree_terms: true } }),
    // A new account has no store yet, so it always continues to connecting one.
    onSuccess: (data) => signIn(data.token, '/connect/plat'),
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });

  return (
    <AuthFrame title={t('auth.register.title')}>
      <Form form={form} layout="vertical" onFinish={(v) => register.mutate(v)}>
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
        <Form.Item name="mobile" label={t('auth.fields.mobileOptional')} rules={[zodRule(fields.mobile)]}
          extra={t('auth.fields.mobileHint')}>
          <Input autoComplete="tel" inputMode="tel" placeholder={t('auth.fields.mobilePlaceholder')} data-testid="register-mobile" />
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
