import type { ProductSummary } from '@storecast/contract';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductCard } from './product-card.tsx';
import { ProductSearch } from './product-search.tsx';

/** Change one slot's product: one search, then the server replaces it and matches it again. */
export function ChangeProductModal({ slot, busy, onChange, onClose }: {
  slot: number | null;
  busy: boolean;
  onChange: (slot: number, product: ProductSummary) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [found, setFound] = useState<ProductSummary | null>(null);
  return (
    <Modal
      open={slot !== null}
      title={t('elementSend.matching.changeTitle', { num: (slot ?? 0) + 1 })}
      okText={t('elementSend.matching.changeOk')}
      okButtonProps={{ disabled: !found, loading: busy, 'data-testid': 'element-change-ok' }}
      onOk={() => { if (found && slot !== null) onChange(slot, found); }}
      onCancel={onClose}
      afterClose={() => setFound(null)}
      destroyOnHidden
      data-testid="element-change"
    >
      <ProductSearch onFound={setFound} testId="element-change-search" />
      {found && <ProductCard product={found} />}
    </Modal>
  );
}
