import { Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../shared/i18n/language-switcher.tsx';

/** The frame of the sign-in and sign-up pages: brand, help, language choice and a centred card. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex orientation="vertical" align="center" style={{ minHeight: '100vh', background: token.colorBgLayout, padding: 16 }}>
      <Flex justify="flex-end" align="center" gap={8} style={{ width: '100%' }}>
        <Link to="/help" data-testid="auth-help">{t('header.avatar.help')}</Link>
        <LanguageSwitcher />
      </Flex>
      <Flex orientation="vertical" align="center" gap={8} style={{ marginTop: '6vh', width: '100%', maxWidth: 420 }}>
        <Typography.Title level={2} style={{ color: token.colorPrimary, margin: 0 }}>
          Storecast
        </Typography.Title>
        <Typography.Text type="secondary">{t('auth.tagline')}</Typography.Text>
        <Card title={title} style={{ width: '100%', marginTop: 16 }}>
          {children}
        </Card>
      </Flex>
    </Flex>
  );
}
