import { type Platform, type StoreFields as StoreFieldValues, shopRoutes } from '@storecast/contract';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { browserTimeZone } from '../../shared/forms/time-zones.ts';
import { getLanguage } from '../../shared/i18n/language.ts';
import { showFieldErrors } from '../../shared/forms/zod-rule.ts';
import { StoreFields } from '../store/index.ts';
import { ClaimPanel } from './claim-panel.tsx';
import { PlatformCards } from './platform-cards.tsx';
import { PlatformInstallForm } from './platform-install-form.tsx';

/**
 * Connect a store (the first one after sign-up, or another one later); it becomes current. A
 * custom store is filled in here; a platform store comes back from its install with `?claim=`.
 */
export function ConnectPlatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const claim = params.get('claim');
  if (claim !== null) {
    return (
      <>
        <Typography.Title level={3}>{t('connect.title')}</Typography.Title>
        <ClaimPanel claim={claim} />
      </>
    );
  }
  return <ChoosePlatform />;
}

function ChoosePlatform() {
  const { t } = useTranslation();
  const [platform, setPlatform] = useState<Platform>('custom');
  return (
    <>
      <Typography.Title level={3}>{t('connect.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('connect.intro')}</Typography.Paragraph>
      <Typography.Title level={5}>{t('connect.choosePlatform')}</Typography.Title>
      <PlatformCards value={platform} onChange={setPlatform} />
      {platform !== 'custom' && (
        <div style={{ marginTop: 24 }}>
          <PlatformInstallForm key={platform} platform={platform} />
        </div>
      )}
      {platform === 'custom' && <CustomStoreForm />}
    </>
  );
}

function CustomStoreForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<StoreFieldValues>();
  const connect = useApiMutation(shopRoutes.connect, {
    input: (values: StoreFieldValues) => ({ body: { ...values, platform: 'custom' as const } }),
    // The session moves to the new store. Starting over also waits for the new session user (now
    // with a store) before onSuccess, or the guard would send us back here.
    switchesStore: true,
    onSuccess: () => void navigate('/dashboard', { replace: true }),
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('connect.storeDetails')}
      </Typography.Title>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={{ timezone: browserTimeZone(), language: getLanguage() }}
        onFinish={(v) => connect.mutate(v)}
      >
        <StoreFields />
        <Button type="primary" htmlType="submit" loading={connect.isPending} data-testid="connect-submit">
          {t('connect.submit')}
        </Button>
      </Form>
    </>
  );
}
