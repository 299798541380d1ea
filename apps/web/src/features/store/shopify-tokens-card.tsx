import { channelShopRoutes, saveShopifyTokenBody } from '@storecast/contract';
import { Button, Card, Form, Input, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useChannelShop, withPlatformStrings } from '../platform-link/index.ts';

type Values = { shop_domain: string; storefront_token: string; admin_token: string };

const SetTag = ({ set, testId }: { set: boolean; testId: string }) => {
  const { t } = useTranslation();
  return set
    ? <Tag color="green" style={{ marginInlineStart: 8 }} data-testid={testId} data-set="yes">{t('platformLink.tokens.set')}</Tag>
    : <Tag style={{ marginInlineStart: 8 }} data-testid={testId} data-set="no">{t('platformLink.tokens.notSet')}</Tag>;
};

/**
 * The sales-channel tokens of a custom or headless Shopify setup (SPEC: /store/api-token). The
 * server seals them and answers only whether each is set, so the fields always start empty and
 * an empty field is left out of the save (unchanged).
 */
function TokensCard() {
  const { t } = useTranslation();
  const cache = useApiCache();
  const { data } = useChannelShop();
  const [form] = Form.useForm<Values>();
  const domain = data?.token_shop_domain || (data?.platform === 'shopify' ? data.shop_domain : '');
  useEffect(() => {
    if (domain && !form.isFieldTouched('shop_domain')) form.setFieldValue('shop_domain', domain);
  }, [domain, form]);
  const save = useApiMutation(channelShopRoutes.saveShopifyToken, {
    input: (v: Values) => ({
      body: {
        shop_domain: v.shop_domain,
        ...(v.storefront_token ? { storefront_token: v.storefront_token } : {}),
        ...(v.admin_token ? { admin_token: v.admin_token } : {}),
      },
    }),
    onSuccess: (info) => {
      cache.set(channelShopRoutes.info, undefined, info);
      form.setFieldsValue({ storefront_token: '', admin_token: '' });
      toastSuccess(t('platformLink.tokens.saved'));
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  const shape = saveShopifyTokenBody.shape;
  // The server keeps such tokens only for a Shopify or a custom store.
  if (data && data.platform !== 'shopify' && data.platform !== 'custom') return null;
  return (
    <Card size="small" title={t('platformLink.tokens.title')} style={{ marginBottom: 16 }} data-testid="shopify-tokens">
      <Typography.Paragraph type="secondary">{t('platformLink.tokens.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="shop_domain" label={t('platformLink.tokens.domain')} rules={[zodRule(shape.shop_domain)]}>
          <Input placeholder="tea.myshopify.com" data-testid="shopify-tokens-domain" />
        </Form.Item>
        <Form.Item
          name="storefront_token"
          label={<>{t('platformLink.tokens.storefront')}<SetTag set={!!data?.storefront_token_set} testId="shopify-storefront-set" /></>}
          rules={[zodRule(shape.storefront_token)]}
        >
          <Input.Password autoComplete="off" placeholder={t('platformLink.tokens.keep')} data-testid="shopify-storefront-token" />
        </Form.Item>
        <Form.Item
          name="admin_token"
          label={<>{t('platformLink.tokens.admin')}<SetTag set={!!data?.admin_token_set} testId="shopify-admin-set" /></>}
          rules={[zodRule(shape.admin_token)]}
        >
          <Input.Password autoComplete="off" placeholder={t('platformLink.tokens.keep')} data-testid="shopify-admin-token" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="shopify-tokens-save">{t('platformLink.tokens.save')}</Button>
      </Form>
    </Card>
  );
}

/** The card with the platform link's strings, which it waits for on its own. */
export const ShopifyTokensCard = withPlatformStrings(TokensCard);
