import { type EmailStyle, brandRoutes } from '@storecast/contract';
import { Button, ColorPicker, Flex, Form, Select, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { LogoField } from './logo-field.tsx';
import { useEmailStyle, useFonts } from './queries.ts';
import { SocialLinksField } from './social-links-field.tsx';
import { styleFieldRules } from './style-rules.ts';

const COLOUR_FIELDS = [
  ['content_color', 'contentColor'],
  ['button_bg_color', 'buttonBgColor'],
  ['button_font_color', 'buttonFontColor'],
] as const;

/** What the e-mails of this store look like: logo, colours, font and social links. */
export function EmailStyleForm() {
  const { t } = useTranslation();
  const { data: style, isPending } = useEmailStyle();
  const { data: fonts } = useFonts();
  const [form] = Form.useForm<EmailStyle>();
  const watched = Form.useWatch([], form) as Partial<EmailStyle> | undefined;
  const save = useApiMutation(brandRoutes.saveEmailStyle, {
    input: (values: EmailStyle) => ({ body: { ...values, social_links: values.social_links ?? [] } }),
    invalidates: [brandRoutes.emailStyle],
    onSuccess: () => toastSuccess(t('brand.style.saved')),
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });

  if (isPending) return <PageLoading />;
  if (!style) return null;
  const fontStack = fonts?.find((f) => f.name === watched?.font)?.stack;
  return (
    <Form form={form} layout="vertical" initialValues={style} onFinish={(v) => save.mutate(v)} style={{ maxWidth: 640 }} data-testid="style-form">
      <Typography.Paragraph type="secondary">{t('brand.style.intro')}</Typography.Paragraph>
      <Form.Item name="logo_url" label={t('brand.style.logo')} rules={[zodRule(styleFieldRules.logo)]} required>
        <LogoField />
      </Form.Item>
      <Flex gap={24} wrap>
        {COLOUR_FIELDS.map(([name, label]) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`brand.style.${label}`)}
            rules={[zodRule(styleFieldRules.colour)]}
            getValueFromEvent={(c: Color) => c.toHexString()}
          >
            <ColorPicker showText disabledAlpha format="hex" data-testid={`style-${name.replaceAll('_', '-')}`} />
          </Form.Item>
        ))}
      </Flex>
      <Form.Item name="font" label={t('brand.style.font')} style={{ maxWidth: 280 }}>
        <Select
          data-testid="style-font"
          options={(fonts ?? []).map((f) => ({ value: f.name, label: <span style={{ fontFamily: f.stack }}>{f.name}</span> }))}
        />
      </Form.Item>
      <Form.Item label={t('brand.style.preview')}>
        <div style={{ background: watched?.content_color ?? style.content_color, padding: 16, border: '1px solid #f0f0f0', fontFamily: fontStack }}>
          <span
            data-testid="style-button-preview"
            style={{ display: 'inline-block', padding: '8px 20px', borderRadius: 4, background: watched?.button_bg_color ?? style.button_bg_color, color: watched?.button_font_color ?? style.button_font_color }}
          >
            {t('brand.style.previewButton')}
          </span>
        </div>
      </Form.Item>
      <Form.Item label={t('brand.style.socialLinks')}>
        <SocialLinksField />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="style-save">{t('common.save')}</Button>
    </Form>
  );
}
