import { SUBSCRIBER_STATUSES, type SubscriberFilter } from '@storecast/contract';
import { DatePicker, Flex, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import { useSegments, useTags } from './queries.ts';

/**
 * The list's filters. Typed text (search, source) settles for 400 ms before it becomes part of
 * the filter; choices apply at once. The same filter object drives the list, bulk actions on
 * "all matching" and the export.
 */
export function SubscriberFilters({ value, onChange }: { value: SubscriberFilter; onChange: (f: SubscriberFilter) => void }) {
  const { t } = useTranslation();
  const tags = useTags();
  const segments = useSegments();
  const [q, setQ] = useState(value.q ?? '');
  const [source, setSource] = useState(value.source ?? '');
  const typedQ = useDebounced(q);
  const typedSource = useDebounced(source);

  useEffect(() => {
    const nextQ = typedQ.trim() || undefined;
    const nextSource = typedSource.trim() || undefined;
    if (nextQ !== value.q || nextSource !== value.source) onChange({ ...value, q: nextQ, source: nextSource });
    // Only settled typing triggers this; `value` changes with every other filter too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typedQ, typedSource]);

  const set = (patch: Partial<SubscriberFilter>) => onChange({ ...value, ...patch });
  const range: [Dayjs, Dayjs] | null = value.subscribed_from && value.subscribed_to
    ? [dayjs(value.subscribed_from), dayjs(value.subscribed_to)] : null;
  const system = (segments.data ?? []).filter((s) => s.system);
  const saved = (segments.data ?? []).filter((s) => !s.system);

  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }} data-testid="subscriber-filters">
      <Input.Search
        allowClear
        style={{ width: 240 }}
        placeholder={t('emailList.filters.search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        data-testid="subscriber-search"
      />
      <Select
        allowClear
        style={{ width: 150 }}
        placeholder={t('emailList.fields.status')}
        value={value.status}
        onChange={(status) => set({ status })}
        options={SUBSCRIBER_STATUSES.map((s) => ({ value: s, label: t(`emailList.status.${s}`) }))}
        data-testid="filter-status"
      />
      <Input
        allowClear
        style={{ width: 150 }}
        placeholder={t('emailList.fields.source')}
        value={source}
        onChange={(e) => setSource(e.target.value)}
        data-testid="filter-source"
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 160 }}
        placeholder={t('emailList.fields.tag')}
        value={value.tag_id}
        onChange={(tag_id) => set({ tag_id })}
        options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
        data-testid="filter-tag"
      />
      <Select
        allowClear
        style={{ width: 200 }}
        placeholder={t('emailList.filters.segment')}
        value={value.segment_id}
        onChange={(segment_id) => set({ segment_id })}
        options={[
          { label: t('segments.groups.system'), title: 'system', options: system.map((s) => ({ value: s.id, label: s.name })) },
          { label: t('segments.groups.saved'), title: 'saved', options: saved.map((s) => ({ value: s.id, label: s.name })) },
        ]}
        data-testid="filter-segment"
      />
      <DatePicker.RangePicker
        value={range}
        onChange={(r) => set({
          subscribed_from: r?.[0]?.startOf('day').toISOString(),
          subscribed_to: r?.[1]?.endOf('day').toISOString(),
        })}
        placeholder={[t('emailList.filters.from'), t('emailList.filters.to')]}
        data-testid="filter-date"
      />
    </Flex>
  );
}
