import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CAMPAIGN_LIMITS, type CouponPreset, PRIZE_KINDS } from '@storecast/contract';
import { Button, Card, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KeyUnder } from '../../shared/i18n/translation-key.ts';
import { newPrize, type PrizeValues } from './campaign-form-values.ts';
import type { CampaignRule, FieldPath } from './campaign-rules.ts';

const at = (i: number, ...rest: (string | number)[]) => ['draw', 'prizes', i, ...rest];

/**
 * A lucky draw's prizes: a coupon from the store's presets, a gift, or no prize; a name in both
 * shopper languages, a probability and a stock. The running total shows beside the list, and
 * the server draws by exactly these odds.
 */
export function PrizesField({ rule, presets }: { rule: (path: FieldPath) => CampaignRule[]; presets: readonly CouponPreset[] | undefined }) {
  const { t } = useTranslation();
  const e = (key: KeyUnder<'campaigns.edit'>) => t(`campaigns.edit.${key}`);
  // `preserve`: a saved prize's won and left counts are values without a field of their own,
  // which a plain watch leaves out (it reads only the fields that are drawn).
  const prizes = Form.useWatch<PrizeValues[] | undefined>(['draw', 'prizes'], { preserve: true }) ?? [];
  const total = prizes.reduce((s, p) => s + Math.round((p?.probability ?? 0) * 100), 0) / 100;

  return (
    <Card size="small" title={e('prizes')}>
      <Typography.Paragraph type="secondary">{e('prizesHint')}</Typography.Paragraph>
      <Form.List name={['draw', 'prizes']} rules={rule(['draw', 'prizes'])}>
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map((row, i) => {
              const p = prizes[i];
              return (
                <Flex key={row.key} gap={12} wrap align="start" data-testid="prize-row">
                  <Form.Item name={[row.name, 'kind']} label={e('prizeKind')} style={{ marginBottom: 12 }}>
                    <Select
                      style={{ width: 120 }}
                      options={PRIZE_KINDS.map((k) => ({ value: k, label: t(`campaigns.edit.prizeKinds.${k}`) }))}
                      data-testid={`prize-${i}-kind`}
                    />
                  </Form.Item>
                  {(['zh-CN', 'en-US'] as const).map((lang) => (
                    <Form.Item
                      key={lang}
                      name={[row.name, 'label', lang]}
                      label={e(lang === 'zh-CN' ? 'labelZh' : 'labelEn')}
                      rules={rule(at(i, 'label', lang))}
                      style={{ marginBottom: 12 }}
                    >
                      <Input style={{ width: 150 }} data-testid={`prize-${i}-label-${lang}`} />
                    </Form.Item>
                  ))}
                  {p?.kind === 'coupon' && (
                    <Form.Item name={[row.name, 'coupon_preset_id']} label={e('couponPreset')} rules={rule(at(i, 'coupon_preset_id'))} style={{ marginBottom: 12 }}>
                      <Select
                        style={{ width: 180 }}
                        options={(presets ?? []).map((c) => ({ value: c.id, label: `${c.code} (${c.discount}%)` }))}
                        data-testid={`prize-${i}-coupon`}
                      />
                    </Form.Item>
                  )}
                  <Form.Item name={[row.name, 'probability']} label={e('probability')} rules={rule(at(i, 'probability'))} style={{ marginBottom: 12 }}>
                    <InputNumber style={{ width: 110 }} data-testid={`prize-${i}-probability`} />
                  </Form.Item>
                  {p?.kind !== 'none' && (
                    <Form.Item
                      name={[row.name, 'stock']}
                      label={e('stock')}
                      rules={rule(at(i, 'stock'))}
                      extra={p?.won !== undefined ? t('campaigns.edit.won', { won: p.won, left: p.stock_left ?? '-' }) : undefined}
                      style={{ marginBottom: 12 }}
                    >
                      <InputNumber style={{ width: 120 }} data-testid={`prize-${i}-stock`} />
                    </Form.Item>
                  )}
                  {rows.length > CAMPAIGN_LIMITS.prizesMin && (
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(row.name)}
                      aria-label={e('removePrize')}
                      style={{ marginTop: 30 }}
                      data-testid={`prize-${i}-remove`}
                    />
                  )}
                </Flex>
              );
            })}
            <Typography.Text type={total === 100 ? 'secondary' : 'warning'} data-testid="prize-total">
              {t('campaigns.edit.probabilityTotal', { total })}
            </Typography.Text>
            <Form.ErrorList errors={errors} />
            {rows.length < CAMPAIGN_LIMITS.prizesMax && (
              <Flex style={{ marginTop: 8 }}>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newPrize())} data-testid="prize-add">{e('addPrize')}</Button>
              </Flex>
            )}
          </>
        )}
      </Form.List>
    </Card>
  );
}
