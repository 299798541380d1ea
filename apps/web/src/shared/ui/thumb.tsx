import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A product's picture in a table row, square and cropped, or "no image". The picture lives on
 * the store's own host: it loads lazily and is asked for without a referrer, so the store's
 * host does not learn the admin's addresses.
 */
export function Thumb({ src, alt, size }: { src: string | null; alt: string; size: number }) {
  const { t } = useTranslation();
  if (!src) return <Typography.Text type="secondary">{t('common.noImage')}</Typography.Text>;
  return <img src={src} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} loading="lazy" referrerPolicy="no-referrer" />;
}
