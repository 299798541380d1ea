import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { discountAboveSuggestion, emailBlockSchema, type EmailBlock } from '@storecast/contract';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Segmented, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '../../../shared/forms/zod-rule.ts';
import { CouponPresetPicker, type CouponPresetList } from './coupon-preset-picker.tsx';
import { RichTextField } from './rich-text-field.tsx';
import type { KeyUnder } from '../../../shared/i18n/translation-key.ts';

type Patch = (patch: Record<string, unknown>) => void;

/** Field problems of one block by path ("href", "items.0.image"), in the user's language. */
export function blockIssues(block: EmailBlock): Record<string, string> {
  const result = emailBlockSchema.safeParse(block);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issueText(issue);
  }
  return out;
}

/**
 * The side panel: every field of the selected block, checked with the contract as you type.
 * The store's coupon presets come from the caller, so the editor does not know where they live.
 */
export function BlockFields({ block, onChange, couponPresets }: { block: EmailBlock; onChange: Patch; couponPresets: CouponPresetList }) {
  const { t } = useTranslation();
  const issues = blockIssues(block);
  const f = (key: KeyUnder<'emailEditor.blockFields'>) => t(`emailEditor.blockFields.${key}`);
  const item = (path: string, label: string, control: ReactNode) => (
    <Form.Item label={label} validateStatus={issues[path] ? 'error' : undefined} help={issues[path]} style={{ marginBottom: 12 }}>
      {control}
    </Form.Item>
  );
  const text = (key: string, label: string, value: string, maxLength: number) =>
    item(key, label, <Input value={value} maxLength={maxLength} onChange={(e) => onChange({ [key]: e.target.value })} data-testid={`block-${key}`} />);
  const align = (value: string) =>
    item('align', f('align'), (
      <Segmented
        value={value}
        onChange={(v) => onChange({ align: v })}
        options={(['left', 'center', 'right'] as const).map((a) => ({ value: a, label: f(a) }))}
        data-testid="block-align"
      />
    ));

  let body: ReactNode;
  switch (block.type) {
    case 'header':
      body = <>{align(block.align)}<Typography.Text type="secondary">{f('headerHint')}</Typography.Text></>;
      break;
    case 'social':
      body = <>{align(block.align)}<Typography.Text type="secondary">{f('socialHint')}</Typography.Text></>;
      break;
    case 'text':
      body = (
        <>
          {item('html', f('html'), <RichTextField value={block.html} onChange={(html) => onChange({ html })} />)}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{f('htmlHint')}</Typography.Paragraph>
          {align(block.align)}
        </>
      );
      break;
    case 'image':
      body = (
        <>
          {text('src', f('src'), block.src, 2000)}
          {text('alt', f('alt'), block.alt, 200)}
          {item('href', f('href'), <Input value={block.href ?? ''} onChange={(e) => onChange({ href: e.target.value || undefined })} data-testid="block-href" />)}
          {item('width', f('width'), <InputNumber min={10} max={100} value={block.width} onChange={(v) => onChange({ width: v ?? 100 })} data-testid="block-width" />)}
        </>
      );
      break;
    case 'button':
      body = <>{text('text', f('text'), block.text, 60)}{text('href', f('href'), block.href, 2000)}{align(block.align)}</>;
      break;
    case 'coupon':
      body = (
        <>
          <CouponPresetPicker presets={couponPresets.list} loading={couponPresets.loading} block={block} onPick={onChange} />
          {text('code', f('code'), block.code, 40)}
          {item('discount', f('discount'), (
            <InputNumber min={0} max={100} value={block.discount} onChange={(v) => onChange({ discount: v ?? 0 })} data-testid="block-discount" />
          ))}
          {discountAboveSuggestion(block.discount) && <Alert type="warning" showIcon title={f('discountAdvice')} style={{ marginBottom: 12 }} />}
          {text('description', f('description'), block.description, 200)}
        </>
      );
      break;
    case 'products':
      body = (
        <>
          {item('columns', f('columns'), (
            <Segmented value={block.columns} onChange={(v) => onChange({ columns: v })} options={[1, 2, 3]} data-testid="block-columns" />
          ))}
          {block.items.map((it, i) => {
            const set = (key: string, value: string) => onChange({ items: block.items.map((x, j) => (j === i ? { ...x, [key]: value } : x)) });
            const field = (key: 'title' | 'image' | 'price' | 'href', label: string) =>
              item(`items.${i}.${key}`, label, <Input value={it[key]} onChange={(e) => set(key, e.target.value)} data-testid={`block-item-${i}-${key}`} />);
            return (
              <Card
                size="small"
                key={i}
                style={{ marginBottom: 8 }}
                extra={block.items.length > 1 && (
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={f('removeItem')}
                    onClick={() => onChange({ items: block.items.filter((_, j) => j !== i) })} />
                )}
              >
                {field('title', f('itemTitle'))}
                {field('image', f('itemImage'))}
                {field('price', f('itemPrice'))}
                {field('href', f('itemHref'))}
              </Card>
            );
          })}
          {block.items.length < 12 && (
            <Button icon={<PlusOutlined />} onClick={() => onChange({ items: [...block.items, { ...block.items[0]!, title: '' }] })} data-testid="block-item-add">
              {f('addItem')}
            </Button>
          )}
        </>
      );
      break;
    case 'divider':
      body = null;
      break;
    case 'footer':
      body = (
        <>
          <Alert type="info" showIcon title={t('emailEditor.editor.footerFixed')} style={{ marginBottom: 12 }} />
          {item('text', f('footerText'), (
            <Input.TextArea value={block.text} maxLength={2000} autoSize={{ minRows: 2 }} onChange={(e) => onChange({ text: e.target.value })} data-testid="block-footer-text" />
          ))}
          {text('address', f('address'), block.address, 300)}
        </>
      );
      break;
  }

  return (
    <Form layout="vertical" component="div" data-testid={`block-fields-${block.type}`}>
      <Flex vertical>{body}</Flex>
    </Form>
  );
}
