import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { shopifyAdminAppsUrl, shopifyDomainField, shopifyDomainOf } from '../platform-link/index.ts';

/**
 * A Shopify store is connected from Shopify's side: the owner installs the app in the shop's
 * admin, Shopify opens this server's install URL with its signature, and the owner comes back to
 * /connect/plat?claim=…. This form only takes them to their shop's admin (see README.md).
 */
export function ShopifyInstallForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ domain: string }>();
  const appUrl = `${window.location.origin}/api/platforms/shopify/install`;
  const open = ({ domain }: { domain: string }) => {
    const shop = shopifyDomainOf(domain);
    if (shop) window.open(shopifyAdminAppsUrl(shop), '_blank', 'noopener,noreferrer');
  };
  return (
    <div data-testid="shopify-install">
      <Typography.Paragraph>{t('connect.shopify.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={open}>
        <Form.Item name="domain" label={t('connect.shopify.domain')} extra={t('connect.shopify.domainHint')} rules={[zodRule(shopifyDomainField)]}>
          <Input placeholder={t('connect.shopify.domainPlaceholder')} data-testid="shopify-domain" />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="shopify-open">{t('connect.shopify.open')}</Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('connect.shopify.appUrlHint', { url: appUrl })}
      </Typography.Paragraph>
    </div>
  );
}
