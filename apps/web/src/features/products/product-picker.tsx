import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import { useProductList } from './queries.ts';

export interface ProductPickerProps {
  /** The store's product id picked, or null for none. */
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** Ids that may not be picked (already chosen elsewhere). */
  exclude?: readonly string[];
  status?: 'error';
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A select that searches the store's catalogue as one types (id, handle or title prefix) and
 * gives back the store's product id. Archived products are not offered for new picks.
 */
export function ProductPicker({ value, onChange, exclude = [], status, disabled, ...rest }: ProductPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const list = useProductList({ q, collection: '', status: 'active', page: 1, page_size: 20 });
  // The value's own row: shown by title even when the search no longer lists it.
  // A search by id may also match other handles and titles, so a few rows are read.
  const current = useProductList({ q: value ?? '', collection: '', page: 1, page_size: 20 }, !!value);
  const rows = list.data?.items ?? [];
  const selected = current.data?.items.find((p) => p.id === value);
  const options = [
    ...(selected && !rows.some((p) => p.id === selected.id) ? [selected] : []),
    ...rows,
  ]
    .filter((p) => p.id === value || !exclude.includes(p.id))
    .map((p) => ({ value: p.id, label: `${p.title} (${p.id})` }));
  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('products.picker.placeholder')}
      notFoundContent={list.isFetching ? undefined : t('products.picker.notFound')}
      loading={list.isFetching}
      options={options}
      status={status}
      disabled={disabled}
      style={{ width: '100%' }}
      data-testid={rest['data-testid'] ?? 'product-picker'}
    />
  );
}
