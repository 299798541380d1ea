import type { ConnectedPlatform } from '@storecast/contract';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLATFORM_DOMAIN_SUFFIX, platformAdminUrl, platformDomainOf } from '../platform-link/index.ts';

/**
 * A platform store is connected from the platform's side: the owner installs the app in the
 * store's admin, the platform opens this server's install URL with its signature, and the owner
 * comes back to /connect/plat?claim=…. This form only takes them to their store's admin (see
 * README.md).
 */
export function PlatformInstallForm({ platform }: { platform: ConnectedPlatform }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ domain: string }>();
  const name = t(`connect.platforms.${platform}`);
  const example = `tea.${PLATFORM_DOMAIN_SUFFIX[platform]}`;
  const appUrl = `${window.location.origin}/api/platforms/${platform}/install`;
  const open = ({ domain }: { domain: string }) => {
    const shop = platformDomainOf(platform, domain);
    if (shop) window.open(platformAdminUrl(platform, shop), '_blank', 'noopener,noreferrer');
  };
  // Shopify's sentence is the server's own (errors.store.shopDomainFormat); the others' the same, worded here.
  const problem = platform === 'shopify' ? t('errors.store.shopDomainFormat') : t('platformLink.install.domainFormat', { platform: name, example });
  return (
    <div data-testid={`install-${platform}`}>
      <Typography.Paragraph>{t('platformLink.install.intro', { platform: name })}</Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={open}>
        <Form.Item
          name="domain"
          label={t('platformLink.install.domain', { platform: name })}
          extra={t('platformLink.install.domainHint', { handle: 'tea', example })}
          rules={[{ validator: async (_r, v: unknown) => { if (platformDomainOf(platform, String(v ?? '')) === null) throw new Error(problem); } }]}
        >
          <Input placeholder={example} data-testid="platform-domain" />
        </Form.Item>
        {/* The field's hint and error end at its bottom edge; the button keeps clear of them. */}
        <Button type="primary" htmlType="submit" style={{ marginTop: 8 }} data-testid="platform-open">{t('platformLink.install.open', { platform: name })}</Button>
      </Form>
      {/* The app's URL is one long word: it wraps anywhere rather than run off a phone's screen. */}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, maxWidth: 560, overflowWrap: 'anywhere' }} data-testid="platform-app-url">
        {t('platformLink.install.appUrlHint', { platform: name, url: appUrl })}
      </Typography.Paragraph>
    </div>
  );
}
