import { Alert, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSessionUser } from '../../../shared/session/queries.ts';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { ProductTable } from '../../products/index.ts';
import { StrategiesTable } from '../../segment-send/index.ts';
import { clearDraft, readDraft, writeDraft } from '../element-draft-store.ts';
import { emptySlots } from '../element-slots.ts';

/**
 * /element: the Element Send home. The sends first (Segment Send's list, with the matched
 * recipients); the product catalogue they are built from in the second tab, chosen by `?tab=products`.
 */
export function ElementSendHome() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useSessionUser().data;
  const tab = params.get('tab') === 'products' ? 'products' : 'sends';
  const sends = (
    <StrategiesTable
      kind="element"
      strings="elementSend"
      testIdPrefix="element"
      reportPath="/element/strategy-report"
      onNew={() => {
        clearDraft();
        void navigate('/element/products');
      }}
      canEdit={(row) => row.status === 'draft' || row.status === 'exception'}
      onEdit={(row) => {
        // The matching page fills the session's six products from the server.
        writeDraft({ id: row.id, slots: emptySlots() });
        void navigate('/element/matching');
      }}
      // The session's draft was this one: the wizard starts afresh next time.
      onDeleted={(id) => { if (readDraft().id === id) clearDraft(); }}
      extraColumns={[{ title: t('elementSend.columns.recipients'), key: 'recipients', render: (_, row) => formatNumber(row.stats.recipients, i18n.language) }]}
    />
  );
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>{t('elementSend.title')}</Typography.Title>
      {user && !user.shop_guide_flag.element_send && <Alert type="info" showIcon title={t('elementSend.flagOff')} style={{ marginBottom: 16 }} data-testid="element-flag-off" />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'products' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'sends', label: <span data-testid="tab-element-sends">{t('elementSend.tabs.sends')}</span>, children: sends },
          { key: 'products', label: <span data-testid="tab-element-products">{t('elementSend.tabs.products')}</span>, children: <ProductTable /> },
        ]}
        destroyOnHidden
      />
    </>
  );
}
