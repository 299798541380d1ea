import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** /order/export: orders with their attribution for a range, as csv or xlsx. */
export function OrderExportPage() {
  const { t } = useTranslation();
  return <Empty description={t('orderExport.title')} />;
}
