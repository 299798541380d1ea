import { DeleteOutlined } from '@ant-design/icons';
import type { ProductSummary } from '@storecast/contract';
import { Alert, Button, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ElementSteps } from '../components/element-steps.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { ProductSearch } from '../components/product-search.tsx';
import { writeDraft } from '../element-draft-store.ts';
import { addToSlots, removeFromSlots, SLOT_COUNT, slotRefs, slotsFull } from '../element-slots.ts';
import { useStartMatching } from '../queries.ts';
import { useMatchingStep } from '../use-matching-step.ts';

/** Step 1: search products one at a time into six numbered slots, then start matching. */
export function ProductsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, draft, state, name } = useMatchingStep();
  const start = useStartMatching();
  const [found, setFound] = useState<ProductSummary | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  // A draft opened from the list arrives without its products: the server's slots fill them.
  const serverSlots = state.data?.slots;
  useEffect(() => {
    if (id && serverSlots && draft.id === id && draft.slots.every((p) => p === null)) {
      writeDraft({ id, slots: serverSlots.map((s) => s.product) });
    }
  }, [id, serverSlots, draft]);

  const add = (product: ProductSummary) => {
    const result = addToSlots(draft.slots, product);
    if ('refused' in result) {
      setRefusal(t(result.refused.key, result.refused.params));
      return;
    }
    setRefusal(null);
    setFound(null);
    writeDraft({ ...draft, slots: result.slots });
  };

  const startMatching = async () => {
    const matched = await start.mutateAsync({ ...(draft.id ? { id: draft.id } : {}), products: slotRefs(draft.slots) });
    writeDraft({ id: matched.strategy_id, slots: matched.slots.map((s) => s.product) });
    void navigate('/element/matching');
  };

  const missing = draft.slots.filter((p) => p === null).length;
  return (
    <>
      <ElementSteps step="products" name={name} reached={state.data?.can_send ? 3 : id ? 1 : 0} />
      <Typography.Paragraph type="secondary">{t('elementSend.products.intro')}</Typography.Paragraph>
      <Card style={{ marginBottom: 16 }}>
        <ProductSearch onFound={(p) => { setFound(p); setRefusal(null); }} />
        {found && (
          <Card size="small" data-testid="element-found">
            <Flex justify="space-between" align="center" gap={12} wrap>
              <ProductCard product={found} />
              <Button type="primary" onClick={() => add(found)} data-testid="element-add">{t('elementSend.products.add')}</Button>
            </Flex>
          </Card>
        )}
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 8 }} data-testid="element-refusal" />}
      </Card>
      <Row gutter={[12, 12]}>
        {draft.slots.map((p, i) => (
          <Col xs={24} sm={12} lg={8} key={i}>
            <Card size="small" data-testid="element-slot" data-slot={i} data-filled={!!p} style={{ height: '100%' }}>
              <Flex justify="space-between" align="center" gap={8}>
                <Tag color={p ? 'blue' : 'default'}>{t('elementSend.products.slot', { num: i + 1 })}</Tag>
                {p && (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('elementSend.products.remove')}
                    onClick={() => writeDraft({ ...draft, slots: removeFromSlots(draft.slots, i) })}
                    data-testid="element-slot-remove"
                  />
                )}
              </Flex>
              <div style={{ marginTop: 8 }}>
                {p ? <ProductCard product={p} size={56} /> : <Typography.Text type="secondary">{t('elementSend.products.emptySlot')}</Typography.Text>}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
      <Flex justify="flex-end" align="center" gap={12} style={{ marginTop: 24 }} wrap>
        {missing > 0 && <Typography.Text type="secondary">{t('elementSend.products.needMore', { count: missing })}</Typography.Text>}
        <Button onClick={() => void navigate('/element')} data-testid="element-cancel">{t('elementSend.back')}</Button>
        <Button
          type="primary"
          disabled={!slotsFull(draft.slots) || draft.slots.length !== SLOT_COUNT}
          loading={start.isPending}
          onClick={() => void startMatching().catch(() => undefined)}
          data-testid="element-start-matching"
        >
          {t('elementSend.products.startMatching')}
        </Button>
      </Flex>
    </>
  );
}
