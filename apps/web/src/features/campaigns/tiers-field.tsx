import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CAMPAIGN_LIMITS } from '@storecast/contract';
import { Button, Card, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KeyUnder } from '../../shared/i18n/translation-key.ts';
import { newTier, type TierValues } from './campaign-form-values.ts';
import type { CampaignRule, FieldPath } from './campaign-rules.ts';

const LABELS: Record<keyof TierValues, KeyUnder<'campaigns.edit'>> = {
  order_amount: 'orderAmount', offer_value: 'offerValue', offer_amount: 'offerAmount',
  gift_name: 'giftName', gift_price: 'giftPrice', assigned_gift_price: 'assignedGiftPrice',
};
const testId = (f: keyof TierValues) => f.replaceAll('_', '-');

/**
 * The thresholds: one row per tier with the fields the type asks for (`fields`). Numbers are not
 * clamped by the inputs: a wrong one gets the contract's sentence under it instead.
 */
export function TiersField({ fields: shown, rule }: { fields: (keyof TierValues)[]; rule: (path: FieldPath) => CampaignRule[] }) {
  const { t } = useTranslation();
  const e = (key: KeyUnder<'campaigns.edit'>) => t(`campaigns.edit.${key}`);
  return (
    <Card size="small" title={e('thresholds')}>
      <Typography.Paragraph type="secondary">{e('thresholdsHint')}</Typography.Paragraph>
      <Form.List name="thresholds" rules={rule(['thresholds'])}>
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map((row, i) => (
              <Flex key={row.key} gap={12} wrap align="start" data-testid="tier-row">
                {shown.map((f) => (
                  <Form.Item
                    key={f}
                    name={[row.name, f]}
                    label={e(LABELS[f])}
                    rules={rule(['thresholds', i, f])}
                    // The offer and gift rules compare with the order amount and the assigned price.
                    dependencies={f === 'order_amount' ? [] : [['thresholds', row.name, 'order_amount'], ['thresholds', row.name, 'assigned_gift_price']]}
                    style={{ marginBottom: 12 }}
                  >
                    {f === 'gift_name'
                      ? <Input style={{ width: 180 }} data-testid={`tier-${i}-${testId(f)}`} />
                      : <InputNumber style={{ width: 150 }} data-testid={`tier-${i}-${testId(f)}`} />}
                  </Form.Item>
                ))}
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => remove(row.name)}
                  aria-label={e('removeTier')}
                  style={{ marginTop: 30 }}
                  data-testid={`tier-${i}-remove`}
                />
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            {rows.length < CAMPAIGN_LIMITS.tiersMax && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newTier())} data-testid="tier-add">{e('addTier')}</Button>
            )}
          </>
        )}
      </Form.List>
    </Card>
  );
}
