import { findCurrency, type StoreFields as StoreFieldValues, type StoreInfo, authRoutes, shopRoutes } from '@storecast/contract';
import { Button, Descriptions, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { showFieldErrors } from '../../shared/forms/zod-rule.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useStoreInfo } from './queries.ts';
import { PopupMenuSwitches } from './popup-menu-switches.tsx';
import { StoreFields } from './store-fields.tsx';

function StoreDetails({ info }: { info: StoreInfo }) {
  const { t } = useTranslation();
  const currency = findCurrency(info.currency);
  return (
    <Descriptions bordered column={1} data-testid="store-info-details" items={[
      { key: 'name', label: t('store.fields.name'), children: <span data-testid="store-info-name">{info.name}</span> },
      { key: 'homepage', label: t('store.fields.homepage'), children: info.homepage_url },
      { key: 'platform', label: t('store.fields.platform'), children: t(`connect.platforms.${info.platform}`) },
      { key: 'domain', label: t('store.fields.platformDomain'), children: info.platform_domain || '-' },
      { key: 'currency', label: t('store.fields.currency'), children: currency ? `${currency.code} ${currency.symbol}` : info.currency },
      { key: 'timezone', label: t('store.fields.timezone'), children: info.timezone },
      {
        key: 'language', label: t('store.fields.language'),
        children: <span data-testid="store-info-language">{t(info.language === 'en-US' ? 'common.language.enUS' : 'common.language.zhCN')}</span>,
      },
      {
        key: 'address', label: t('store.fields.postalAddress'),
        children: info.postal_address
          ? <span data-testid="store-info-address" style={{ whiteSpace: 'pre-line' }}>{info.postal_address}</span>
          : <Typography.Text type="warning" data-testid="store-info-address-missing">{t('store.fields.postalAddressMissing')}</Typography.Text>,
      },
      { key: 'installed', label: t('store.fields.installDate'), children: formatInZone(info.install_date, info.timezone) },
      { key: 'role', label: t('store.fields.role'), children: t(`store.roles.${info.role}`) },
    ]} />
  );
}

/** View the current store and edit its name, homepage, currency, time zone, language and postal address. */
export function StoreInfoPage() {
  const { t } = useTranslation();
  const { data: info, isPending } = useStoreInfo();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<StoreFieldValues>();
  const save = useApiMutation(shopRoutes.saveInfo, {
    // The header shows the store's name and time zone from the session user.
    invalidates: [shopRoutes.info, authRoutes.info],
    onSuccess: () => {
      toastSuccess(t('store.info.saved'));
      setEditing(false);
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });

  if (isPending) return <PageLoading />;
  if (!info) return null;
  if (!editing) {
    return (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <StoreDetails info={info} />
        <Button type="primary" onClick={() => setEditing(true)} data-testid="store-info-edit">
          {t('common.edit')}
        </Button>
        <PopupMenuSwitches />
      </Space>
    );
  }
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{
        name: info.name, homepage_url: info.homepage_url, currency: info.currency, timezone: info.timezone, language: info.language,
        postal_address: info.postal_address,
      }}
      onFinish={(v) => save.mutate(v)}
    >
      <StoreFields />
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="store-info-save">
          {t('common.save')}
        </Button>
        <Button onClick={() => setEditing(false)} data-testid="store-info-cancel">
          {t('common.cancel')}
        </Button>
      </Space>
    </Form>
  );
}
