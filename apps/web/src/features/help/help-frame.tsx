import { Flex, Layout, Menu, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LanguageSwitcher } from '../../shared/i18n/language-switcher.tsx';
import { useArticles } from './use-articles.ts';

export const CONTACT_SLUG = 'contact';

/**
 * The help centre's own frame: it opens without a store or a session (a link from sign-in, a
 * bookmark), so it does not depend on the top bar, which needs the signed-in store.
 */
export function HelpFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { slug } = useParams();
  const articles = useArticles();
  const items = [
    ...articles.map((a) => ({ key: a.slug, label: <Link to={`/help/${a.slug}`} data-testid={`help-nav-${a.slug}`}>{a.title}</Link> })),
    { type: 'divider' as const },
    { key: CONTACT_SLUG, label: <Link to={`/help/${CONTACT_SLUG}`} data-testid="help-nav-contact">{t('help.contact.title')}</Link> },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex', alignItems: 'center', gap: 16, padding: '0 16px',
          background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Link to="/help" style={{ fontWeight: 600, fontSize: 18, color: token.colorPrimary }} data-testid="help-home">
          Storecast · {t('help.title')}
        </Link>
        <div style={{ flex: 1 }} />
        <LanguageSwitcher />
        <Link to="/dashboard" data-testid="help-back">{t('help.backToApp')}</Link>
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <Flex gap={24} wrap align="flex-start">
          <nav aria-label={t('help.articles')} style={{ flex: '0 1 260px', minWidth: 220 }}>
            <Typography.Text type="secondary">{t('help.articles')}</Typography.Text>
            <Menu mode="inline" selectedKeys={slug ? [slug] : []} items={items} style={{ borderInlineEnd: 'none', background: 'transparent' }} data-testid="help-nav" />
          </nav>
          <article style={{ flex: '1 1 480px', minWidth: 0, background: token.colorBgContainer, padding: 24, borderRadius: token.borderRadiusLG }} data-testid="help-article">
            {children}
          </article>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
