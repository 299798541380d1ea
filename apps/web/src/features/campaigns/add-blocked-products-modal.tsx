import { BLOCKED_PRODUCTS } from '@storecast/contract';
import { type ButtonProps, Flex, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import { useProductList } from '../products/index.ts';
import { useBlockedMoves } from './queries.ts';

interface Picked { value: string; label: string }

/**
 * Picks products of the store's catalogue, searched on the server as one types, and blocks them
 * in one call. A pick keeps its title while later searches no longer list it.
 */
export function AddBlockedProductsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const list = useProductList({ q, collection: '', page: 1, page_size: 20 }, open);
  const { block } = useBlockedMoves();

  const close = () => {
    setPicked([]);
    setSearch('');
    onClose();
  };
  const submit = async () => {
    const done = await block.mutateAsync(picked.map((p) => p.value)).catch(() => null);
    if (!done) return;
    toastSuccess(done.added > 0 ? t('campaigns.blocked.added', { count: done.added }) : t('campaigns.blocked.addedNone'));
    close();
  };

  return (
    <Modal
      open={open}
      title={t('campaigns.blocked.addTitle')}
      okText={t('campaigns.blocked.add')}
      onOk={() => void submit()}
      onCancel={close}
      okButtonProps={{ disabled: picked.length === 0, loading: block.isPending, 'data-testid': 'blocked-add-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('campaigns.blocked.addHint', { max: BLOCKED_PRODUCTS.perCall })}</Typography.Text>
        <Select<Picked[]>
          mode="multiple"
          labelInValue
          showSearch={{ filterOption: false, onSearch: setSearch }}
          maxCount={BLOCKED_PRODUCTS.perCall}
          value={picked}
          onChange={(v) => setPicked(v.map((p) => ({ value: p.value, label: String(p.label) })))}
          placeholder={t('campaigns.blocked.picker')}
          notFoundContent={list.isFetching ? undefined : t('campaigns.blocked.pickerEmpty')}
          loading={list.isFetching}
          options={(list.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.title} (${p.id})` }))}
          style={{ width: '100%' }}
          aria-label={t('campaigns.blocked.picker')}
          data-testid="blocked-picker"
        />
      </Flex>
    </Modal>
  );
}
