import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContentLibrary } from './content-library.tsx';
import { CouponPresets } from './coupon-presets.tsx';
import { EmailStyleForm } from './email-style-form.tsx';

/** /store/brand-assets: the e-mail style, coupon presets and the content library. */
export function BrandAssetsPage() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('brand.style.title')} data-testid="brand-style-card"><EmailStyleForm /></Card>
      <Card title={t('brand.coupon.title')} data-testid="brand-coupon-card"><CouponPresets /></Card>
      <Card title={t('brand.library.title')} data-testid="brand-library-card"><ContentLibrary /></Card>
    </Space>
  );
}
