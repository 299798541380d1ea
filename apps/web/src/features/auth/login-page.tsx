import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthFrame } from './auth-frame.tsx';
import { CodeLoginForm } from './code-login-form.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';

/** Sign in by account and password, or by phone and verification code. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const items = [
    { key: 'password', label: <span data-testid="login-tab-password">{t('auth.login.byPassword')}</span>, children: <PasswordLoginForm /> },
    { key: 'code', label: <span data-testid="login-tab-code">{t('auth.login.byCode')}</span>, children: <CodeLoginForm /> },
  ];
  return (
    <AuthFrame title={t('auth.login.title')}>
      <Tabs items={items} destroyOnHidden={false} />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.login.noAccount')}{' '}
        <Link to={{ pathname: '/register', search: params.toString() }} data-testid="login-register-link">
          {t('auth.register.title')}
        </Link>
      </Typography.Paragraph>
    </AuthFrame>
  );
}
