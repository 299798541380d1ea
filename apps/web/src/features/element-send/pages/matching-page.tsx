import type { ElementSlot, ElementSlotStatus, ProductSummary } from '@storecast/contract';
import { Alert, Button, Card, Empty, Flex, Progress, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { ChangeProductModal } from '../components/change-product-modal.tsx';
import { ElementSteps } from '../components/element-steps.tsx';
import { MatchesDrawer } from '../components/matches-drawer.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { writeDraft } from '../element-draft-store.ts';
import { useChangeProduct, useRetryMatching } from '../queries.ts';
import { useMatchingStep } from '../use-matching-step.ts';

const STATUS_COLOURS: Record<ElementSlotStatus, string> = {
  pending: 'default', querying: 'processing', calculating: 'processing', done: 'success', failed: 'error',
};

/**
 * Step 2: the matching's progress out of six, per product, polled while it runs. A failed
 * product is retried or changed; a product matched to nobody stops the send.
 */
export function MatchingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, draft, state, name } = useMatchingStep();
  const retry = useRetryMatching();
  const change = useChangeProduct();
  const [shoppersOf, setShoppersOf] = useState<ElementSlot | null>(null);
  const [changing, setChanging] = useState<number | null>(null);

  // The session's products follow the server's, so a change here shows on the products step.
  const data = state.data;
  useEffect(() => {
    if (!data || draft.id !== data.strategy_id) return;
    const same = data.slots.every((s, i) => s.product?.id === draft.slots[i]?.id);
    if (!same) writeDraft({ id: data.strategy_id, slots: data.slots.map((s) => s.product) });
  }, [data, draft]);

  if (!id) return <Empty description={t('elementSend.noDraft')}><Button onClick={() => void navigate('/element/products')}>{t('elementSend.steps.products')}</Button></Empty>;
  if (state.isError) return <Alert type="error" showIcon title={t('elementSend.loadFailed')} data-testid="element-missing" />;
  if (!data) return <PageLoading />;

  const onChange = async (slot: number, product: ProductSummary) => {
    try {
      await change.mutateAsync({ id, slot, product: product.id });
      setChanging(null);
    } catch {
      // The server's refusal (already exists, not found) is shown by the shared client.
    }
  };

  const { done, total } = data.progress;
  const zero = data.status === 'done' && data.slots.some((s) => s.matched === 0);
  return (
    <>
      <ElementSteps step="matching" name={name} reached={data.can_send ? 3 : 1} />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={24} align="center" wrap>
          <Progress
            type="circle"
            size={96}
            percent={Math.round((done / Math.max(total, 1)) * 100)}
            status={data.status === 'failed' ? 'exception' : data.status === 'done' ? 'success' : 'active'}
            format={() => `${done}/${total}`}
          />
          <Space orientation="vertical" style={{ flex: 1, minWidth: 220 }}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="element-progress" data-done={done} data-status={data.status}>
              {t('elementSend.matching.progress', { done, total })}
            </Typography.Title>
            {data.status === 'running' && <Typography.Text type="secondary">{t('elementSend.matching.running')}</Typography.Text>}
            {data.status === 'done' && (
              <Typography.Text data-testid="element-matched-total" data-count={data.matched_total}>
                {t('elementSend.matching.doneTotal', { count: data.matched_total })}
              </Typography.Text>
            )}
          </Space>
        </Flex>
        {data.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={<span data-testid="element-failed">{data.message}</span>}
            action={<Button danger loading={retry.isPending} onClick={() => void retry.mutateAsync({ id }).catch(() => undefined)} data-testid="element-retry">{t('elementSend.matching.retry')}</Button>}
          />
        )}
        {zero && <Alert type="error" showIcon style={{ marginTop: 16 }} title={t('errors.element.matchingZero')} data-testid="element-zero" />}
        <Alert type="info" style={{ marginTop: 16 }} title={t('elementSend.matching.ruleTitle')} description={t('elementSend.matching.rule')} data-testid="element-rule" />
      </Card>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {data.slots.map((s) => (
          <Card size="small" key={s.slot} data-testid="element-match-slot" data-slot={s.slot} data-status={s.status} data-matched={s.matched}>
            <Flex justify="space-between" align="center" gap={12} wrap>
              <Flex gap={12} align="center" style={{ minWidth: 0, flex: '1 1 260px' }}>
                <Tag>{t('elementSend.products.slot', { num: s.slot + 1 })}</Tag>
                {s.product ? <ProductCard product={s.product} size={48} /> : <Typography.Text type="secondary">-</Typography.Text>}
              </Flex>
              <Flex gap={8} align="center" wrap>
                <Tag color={STATUS_COLOURS[s.status]} data-testid="element-slot-status">{t(`elementSend.matching.status.${s.status}`)}</Tag>
                {/* Shoppers are assigned once all six are done: until then a product has candidates. */}
                {s.status === 'done' && data.status === 'done' && (
                  <Typography.Text type={s.matched === 0 ? 'danger' : undefined} data-testid="element-slot-matched">
                    {t('elementSend.matching.matched', { count: s.matched })}
                  </Typography.Text>
                )}
                {s.status === 'done' && data.status !== 'done' && (
                  <Typography.Text type="secondary" data-testid="element-slot-candidates">
                    {t('elementSend.matching.candidates', { count: s.candidates })}
                  </Typography.Text>
                )}
                {s.status === 'done' && s.matched > 0 && data.status === 'done' && (
                  <Button size="small" onClick={() => setShoppersOf(s)} data-testid="element-slot-shoppers">{t('elementSend.matching.shoppers')}</Button>
                )}
                {s.status === 'failed' && (
                  <Button size="small" onClick={() => setChanging(s.slot)} data-testid="element-slot-change">{t('elementSend.matching.change')}</Button>
                )}
              </Flex>
            </Flex>
            {s.failure && <Typography.Text type="danger" data-testid="element-slot-failure">{s.failure.msg}</Typography.Text>}
          </Card>
        ))}
      </Space>
      <Flex justify="space-between" style={{ marginTop: 24 }}>
        <Button onClick={() => void navigate('/element/products')} data-testid="element-back">{t('elementSend.back')}</Button>
        <Button type="primary" disabled={!data.can_send} onClick={() => void navigate('/element/content')} data-testid="element-next">
          {t('elementSend.next')}
        </Button>
      </Flex>
      <MatchesDrawer id={id} slot={shoppersOf?.slot ?? null} title={shoppersOf?.product?.title ?? ''} onClose={() => setShoppersOf(null)} />
      <ChangeProductModal slot={changing} busy={change.isPending} onChange={(slot, p) => void onChange(slot, p)} onClose={() => setChanging(null)} />
    </>
  );
}
