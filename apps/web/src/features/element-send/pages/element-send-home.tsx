import { Alert, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../../shared/session/queries.ts';
import { ProductTable } from '../../products/index.ts';
import { ElementSendsTable } from '../components/element-sends-table.tsx';

/**
 * /element: the Element Send home. The sends first; the product catalogue they are built from
 * in the second tab, chosen by `?tab=products`.
 */
export function ElementSendHome() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const user = useSessionUser().data;
  const tab = params.get('tab') === 'products' ? 'products' : 'sends';
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>{t('elementSend.title')}</Typography.Title>
      {user && !user.shop_guide_flag.element_send && <Alert type="info" showIcon title={t('elementSend.flagOff')} style={{ marginBottom: 16 }} data-testid="element-flag-off" />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'products' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'sends', label: <span data-testid="tab-element-sends">{t('elementSend.tabs.sends')}</span>, children: <ElementSendsTable /> },
          { key: 'products', label: <span data-testid="tab-element-products">{t('elementSend.tabs.products')}</span>, children: <ProductTable /> },
        ]}
        destroyOnHidden
      />
    </>
  );
}
