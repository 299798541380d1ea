import { type SubscriberFilter, audienceRoutes } from '@storecast/contract';
import { App, Button, Flex, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useTags } from './queries.ts';

type Action = 'tag' | 'untag' | 'unsubscribe' | 'sms_unsubscribe';
type Scope = 'selected' | 'filter';

/**
 * Tag, untag or unsubscribe either the ticked rows or everyone matching the current filter
 * (which may be far more than one page: the server applies the filter itself).
 */
export function BulkActions({ selected, filter, total, onDone }: {
  selected: number[];
  filter: SubscriberFilter;
  total: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const tags = useTags();
  const [scope, setScope] = useState<Scope>('selected');
  const [tagAction, setTagAction] = useState<'tag' | 'untag' | null>(null);
  const [tagId, setTagId] = useState<number>();
  const effectiveScope: Scope = selected.length === 0 ? 'filter' : scope;
  const count = effectiveScope === 'selected' ? selected.length : total;

  const run = useApiMutation(audienceRoutes.subscriberBulk, {
    input: (v: { action: Action; tag_id?: number }) => ({
      body: { ...v, ...(effectiveScope === 'selected' ? { ids: selected } : { filter }) },
    }),
    invalidates: [audienceRoutes.subscriberList, audienceRoutes.tagList],
    onSuccess: ({ affected }) => {
      toastSuccess(t('emailList.bulk.done', { count: affected }));
      setTagAction(null);
      setTagId(undefined);
      onDone();
    },
  });

  const unsubscribe = () =>
    modal.confirm({
      title: t('emailList.bulk.unsubscribeConfirm', { count }),
      okButtonProps: { danger: true, 'data-testid': 'bulk-unsubscribe-ok' },
      onOk: () => run.mutateAsync({ action: 'unsubscribe' }),
    });

  const smsUnsubscribe = () =>
    modal.confirm({
      title: t('emailList.bulk.smsUnsubscribeConfirm', { count }),
      okButtonProps: { danger: true, 'data-testid': 'bulk-sms-unsubscribe-ok' },
      onOk: () => run.mutateAsync({ action: 'sms_unsubscribe' }),
    });

  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }} data-testid="bulk-actions">
      <Radio.Group
        value={effectiveScope}
        onChange={(e) => setScope(e.target.value as Scope)}
        options={[
          { value: 'selected', label: t('emailList.bulk.selected', { count: selected.length }), disabled: selected.length === 0 },
          { value: 'filter', label: t('emailList.bulk.allMatching', { count: total }) },
        ]}
        data-testid="bulk-scope"
      />
      <Button disabled={count === 0} onClick={() => setTagAction('tag')} data-testid="bulk-tag">{t('emailList.bulk.tag')}</Button>
      <Button disabled={count === 0} onClick={() => setTagAction('untag')} data-testid="bulk-untag">{t('emailList.bulk.untag')}</Button>
      <Button danger disabled={count === 0} onClick={unsubscribe} data-testid="bulk-unsubscribe">{t('emailList.bulk.unsubscribe')}</Button>
      <Button danger disabled={count === 0} onClick={smsUnsubscribe} data-testid="bulk-sms-unsubscribe">{t('emailList.bulk.smsUnsubscribe')}</Button>
      <Modal
        open={tagAction !== null}
        title={tagAction === 'untag' ? t('emailList.bulk.untag') : t('emailList.bulk.tag')}
        onCancel={() => setTagAction(null)}
        onOk={() => tagAction && tagId && run.mutate({ action: tagAction, tag_id: tagId })}
        okButtonProps={{ disabled: !tagId, loading: run.isPending, 'data-testid': 'bulk-tag-ok' }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('emailList.bulk.affects', { count })}</Typography.Paragraph>
        <Select
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('emailList.fields.tag')}
          value={tagId}
          onChange={setTagId}
          options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          data-testid="bulk-tag-select"
        />
      </Modal>
    </Flex>
  );
}
