import { formatMoney, homepageSchema, LIMITS, storeFieldsSchema, storeLanguageSchema, storeNameSchema, timeZoneSchema } from '@storecast/contract';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneOptions } from '../../shared/forms/time-zones.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useCurrencies } from './queries.ts';

/** A sample amount shows how each currency writes money; EUR comes in two formats. */
const SAMPLE_MINOR = 123_456;

/**
 * The fields of a store (name, homepage, currency, time zone, language, postal address), used when connecting a store and
 * when editing it. Render inside an antd Form.
 */
export function StoreFields() {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const zones = useMemo(() => timeZoneOptions(), []);
  const currencyOptions = (currencies.data ?? []).map((c) => ({
    value: c.id,
    label: `${c.code} ${c.symbol} (${formatMoney(SAMPLE_MINOR, c.id)})`,
    'data-testid': `currency-option-${c.id}`,
  }));

  return (
    <>
      <Form.Item name="name" label={t('store.fields.name')} required rules={[zodRule(storeNameSchema)]}>
        <Input maxLength={LIMITS.storeNameMax} showCount data-testid="store-name" />
      </Form.Item>
      <Form.Item name="homepage_url" label={t('store.fields.homepage')} required rules={[zodRule(homepageSchema)]}
        extra={t('store.fields.homepageHint')}>
        <Input placeholder="https://shop.example.com" inputMode="url" data-testid="store-homepage" />
      </Form.Item>
      <Form.Item name="currency" label={t('store.fields.currency')} required rules={[zodRule(storeFieldsSchema.shape.currency)]}>
        <Select
          options={currencyOptions}
          loading={currencies.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('store.fields.currencyPlaceholder')}
          data-testid="store-currency"
        />
      </Form.Item>
      <Form.Item name="timezone" label={t('store.fields.timezone')} required rules={[zodRule(timeZoneSchema)]}>
        <Select options={zones} showSearch={{ optionFilterProp: 'label' }} data-testid="store-timezone" />
      </Form.Item>
      <Form.Item name="language" label={t('store.fields.language')} required rules={[zodRule(storeLanguageSchema)]}
        extra={t('store.fields.languageHint')}>
        <Select
          options={[
            { value: 'zh-CN', label: t('common.language.zhCN'), 'data-testid': 'store-language-option-zh-CN' },
            { value: 'en-US', label: t('common.language.enUS'), 'data-testid': 'store-language-option-en-US' },
          ]}
          data-testid="store-language"
        />
      </Form.Item>
      <Form.Item name="postal_address" label={t('store.fields.postalAddress')} rules={[zodRule(storeFieldsSchema.shape.postal_address)]}
        extra={t('store.fields.postalAddressHint')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={LIMITS.postalAddressMax} showCount data-testid="store-postal-address" />
      </Form.Item>
    </>
  );
}
