import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  POPUP_CUSTOMERS, POPUP_LIMITS, POPUP_PAGE_MATCHES, POPUP_PAGE_MODES, POPUP_SUBSCRIBERS, POPUP_TRIGGERS, POPUP_VISITORS,
} from '@storecast/contract';
import { Button, Card, DatePicker, Flex, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { KeyUnder } from '../../shared/i18n/translation-key.ts';
import { schemaRule, type FieldPath } from './schema-rule.ts';

interface Props {
  schema: z.ZodType;
  /** Where the conditions live in the form's values, e.g. ['conditions']. */
  prefix: FieldPath;
  /** The form's path of the pop-up's double opt-in switch, when the form has one. */
  doubleOptIn?: FieldPath;
}

// Numbers are not clamped by the inputs: a value out of range gets the contract's sentence instead.
/** ISO strings in the form's values, dayjs in the picker. */
const asDate = (iso: string | null | undefined) => ({ value: iso ? dayjs(iso) : null });
const toIso = (d: Dayjs | null) => (d ? d.second(0).millisecond(0).toISOString() : null);

/**
 * When, where and to whom a pop-up shows: pages, trigger, audience, frequency, stop after a
 * sign-up, schedule, and double opt-in. Fields of the caller's antd Form, judged by `schema`.
 */
export function PopupConditionEditor({ schema, prefix, doubleOptIn }: Props) {
  const { t } = useTranslation();
  const c = (key: KeyUnder<'popup.conditions'>) => t(`popup.conditions.${key}`);
  const at = (...path: (string | number)[]) => [...prefix, ...path];
  const rule = (...path: (string | number)[]) => [schemaRule(schema, at(...path))];
  const mode = Form.useWatch(at('pages', 'mode')) as string | undefined;
  const number = (path: (string | number)[], testId: string) => (
    <Form.Item name={at(...path)} rules={rule(...path)} style={{ marginBottom: 0 }}>
      <InputNumber precision={0} style={{ width: 100 }} data-testid={testId} />
    </Form.Item>
  );

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={c('pages')}>
        <Form.Item name={at('pages', 'mode')} rules={rule('pages', 'mode')}>
          <Radio.Group options={POPUP_PAGE_MODES.map((v) => ({ value: v, label: <span data-testid={`cond-pages-${v}`}>{t(`popup.conditions.pageModes.${v}`)}</span> }))} />
        </Form.Item>
        {mode !== 'all' && (
          <Form.List name={at('pages', 'rules')}>
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="start" data-testid="cond-page-rule">
                    <Form.Item name={[field.name, 'name']} rules={rule('pages', 'rules', field.name, 'name')} style={{ width: 110, flex: 'none' }}>
                      <Input placeholder={c('pageName')} data-testid="cond-page-name" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'match']} rules={rule('pages', 'rules', field.name, 'match')} style={{ width: 130, flex: 'none' }}>
                      <Select options={POPUP_PAGE_MATCHES.map((v) => ({ value: v, label: t(`popup.conditions.matches.${v}`) }))} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} rules={rule('pages', 'rules', field.name, 'value')} style={{ flex: 1, minWidth: 0 }}>
                      <Input placeholder={c('pageValue')} data-testid="cond-page-value" />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} aria-label={c('removePage')} onClick={() => remove(field.name)} />
                  </Flex>
                ))}
                {fields.length < POPUP_LIMITS.pageRulesMax && (
                  <Button icon={<PlusOutlined />} onClick={() => add({ name: '', match: 'contains', value: '' })} data-testid="cond-page-add">
                    {c('addPage')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        )}
      </Card>

      <Card size="small" title={c('trigger')}>
        <Form.Item name={at('trigger', 'type')} rules={rule('trigger', 'type')} style={{ marginBottom: 8 }}>
          <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {POPUP_TRIGGERS.map((v) => (
              <Space key={v} wrap>
                <Radio value={v} data-testid={`cond-trigger-${v}`}>{t(`popup.conditions.triggers.${v}`)}</Radio>
                {v === 'delay' && <>{number(['trigger', 'delay_seconds'], 'cond-delay')}<span>{c('delaySeconds')}</span></>}
                {v === 'scroll' && <>{number(['trigger', 'scroll_percent'], 'cond-scroll')}<span>%</span></>}
                {v === 'page_views' && <>{number(['trigger', 'page_views'], 'cond-page-views')}<span>{c('pageViews')}</span></>}
              </Space>
            ))}
          </Radio.Group>
        </Form.Item>
      </Card>

      <Card size="small" title={c('audience')}>
        <Flex gap={16} wrap>
          <Form.Item name={at('audience', 'visitors')} label={c('visitors')} rules={rule('audience', 'visitors')} style={{ minWidth: 160 }}>
            <Select options={POPUP_VISITORS.map((v) => ({ value: v, label: t(`popup.conditions.visitorOptions.${v}`) }))} data-testid="cond-visitors" />
          </Form.Item>
          <Form.Item name={at('audience', 'subscribers')} label={c('subscribers')} rules={rule('audience', 'subscribers')} style={{ minWidth: 160 }}>
            <Select options={POPUP_SUBSCRIBERS.map((v) => ({ value: v, label: t(`popup.conditions.subscriberOptions.${v}`) }))} data-testid="cond-subscribers" />
          </Form.Item>
          <Form.Item name={at('audience', 'customers')} label={c('customers')} rules={rule('audience', 'customers')} style={{ minWidth: 160 }}>
            <Select options={POPUP_CUSTOMERS.map((v) => ({ value: v, label: t(`popup.conditions.customerOptions.${v}`) }))} data-testid="cond-customers" />
          </Form.Item>
          <Form.Item name={at('audience', 'days_since_order')} label={c('daysSinceOrder')} rules={rule('audience', 'days_since_order')}>
            <InputNumber precision={0} placeholder={c('anyDays')} style={{ width: 140 }} data-testid="cond-days-since-order" />
          </Form.Item>
        </Flex>
      </Card>

      <Card size="small" title={c('frequency')}>
        <Flex gap={16} wrap>
          <Form.Item name={at('frequency', 'times')} label={c('times')} rules={rule('frequency', 'times')}>
            <InputNumber precision={0} data-testid="cond-times" />
          </Form.Item>
          <Form.Item name={at('frequency', 'period_days')} label={c('periodDays')} rules={rule('frequency', 'period_days')}>
            <InputNumber precision={0} data-testid="cond-period" />
          </Form.Item>
        </Flex>
        <Form.Item name={at('stop_after_sign_up')} valuePropName="checked" label={c('stopAfterSignUp')} layout="horizontal">
          <Switch data-testid="cond-stop-after" />
        </Form.Item>
      </Card>

      <Card size="small" title={c('schedule')}>
        <Flex gap={16} wrap>
          <Form.Item name={at('schedule', 'start_at')} label={c('startAt')} rules={rule('schedule', 'start_at')} getValueProps={asDate} normalize={toIso}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={c('noLimit')} data-testid="cond-start" />
          </Form.Item>
          <Form.Item
            name={at('schedule', 'end_at')}
            label={c('endAt')}
            rules={rule('schedule', 'end_at')}
            dependencies={[at('schedule', 'start_at')]}
            getValueProps={asDate}
            normalize={toIso}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={c('noLimit')} data-testid="cond-end" />
          </Form.Item>
        </Flex>
      </Card>

      {doubleOptIn && (
        <Card size="small" title={c('doubleOptIn')}>
          <Form.Item name={[...doubleOptIn]} valuePropName="checked" extra={c('doubleOptInHint')} style={{ marginBottom: 0 }}>
            <Switch data-testid="cond-double-opt-in" />
          </Form.Item>
        </Card>
      )}
    </Flex>
  );
}
