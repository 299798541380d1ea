import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { discountAboveSuggestion, emailBlockSchema, type EmailBlock } from '@storecast/contract';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Segmented, Select, Typography } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText, translateIssue } from '../../../shared/forms/zod-rule.ts';
import i18n from '../../../shared/i18n/i18n.ts';
import { ProductPicker, type ProductPickerProps } from '../../products/index.ts';
import type { BlockOptions } from '../block-model.ts';
import { CouponPresetPicker, type CouponPresetList } from './coupon-preset-picker.tsx';
import { RichTextField } from './rich-text-field.tsx';
import type { KeyUnder } from '../../../shared/i18n/translation-key.ts';

type Patch = (patch: Record<string, unknown>) => void;

/**
 * Field problems of one block by path ("href", "items.0.image"), in the user's language. A
 * product block not yet given its product asks for one; the shopper's product is only for an
 * Element Send's e-mail (`allowMatchedProduct`), as the server says when it saves.
 */
export function blockIssues(block: EmailBlock, options: BlockOptions = {}): Record<string, string> {
  const out: Record<string, string> = {};
  if (block.type === 'product' && block.product_id === '') out.product_id = i18n.t('emailEditor.blockFields.productRequired');
  if (block.type === 'product' && block.product_id === null && !options.allowMatchedProduct) {
    out.product_id = translateIssue('errors.content.matchedProductOutsideElement');
  }
  const result = emailBlockSchema.safeParse(block);
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issueText(issue);
  }
  return out;
}

/** The catalogue picker, with a plain select while the catalogue's strings load. */
function Picker(props: ProductPickerProps) {
  return (
    <Suspense fallback={<Select loading disabled style={{ width: '100%' }} />}>
      <ProductPicker {...props} />
    </Suspense>
  );
}

/**
 * The side panel: every field of the selected block, checked with the contract as you type.
 * The store's coupon presets come from the caller, so the editor does not know where they live.
 */
export function BlockFields({ block, onChange, couponPresets, allowMatchedProduct = false }: {
  block: EmailBlock; onChange: Patch; couponPresets: CouponPresetList; allowMatchedProduct?: boolean;
}) {
  const { t } = useTranslation();
  const issues = blockIssues(block, { allowMatchedProduct });
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
    case 'product': {
      const matched = block.product_id === null;
      body = (
        <>
          {allowMatchedProduct && item('source', f('productSource'), (
            <Segmented
              value={matched ? 'matched' : 'chosen'}
              onChange={(v) => onChange({ product_id: v === 'matched' ? null : '' })}
              options={[{ value: 'matched', label: f('productMatched') }, { value: 'chosen', label: f('productChosen') }]}
              data-testid="block-product-source"
            />
          ))}
          {matched && allowMatchedProduct
            ? <Typography.Paragraph type="secondary">{f('productMatchedHint')}</Typography.Paragraph>
            : item('product_id', f('product'), (
                <Picker value={block.product_id || null} onChange={(id) => onChange({ product_id: id ?? '' })}
                  status={issues.product_id ? 'error' : undefined} data-testid="block-product-id" />
              ))}
          {item('button_text', f('buttonText'), (
            <Input value={block.button_text} maxLength={60} placeholder={f('buttonTextHint')} onChange={(e) => onChange({ button_text: e.target.value })} data-testid="block-button_text" />
          ))}
          <Form.Item style={{ marginBottom: 12 }}>
            <Checkbox checked={block.show_compare_at} onChange={(e) => onChange({ show_compare_at: e.target.checked })} data-testid="block-show-compare-at">
              {f('showCompareAt')}
            </Checkbox>
          </Form.Item>
          {align(block.align)}
        </>
      );
      break;
    }
    case 'product_grid': {
      const ids = block.product_ids;
      body = (
        <>
          {item('columns', f('columns'), (
            <Segmented value={block.columns} onChange={(v) => onChange({ columns: v })} options={[1, 2, 3]} data-testid="block-columns" />
          ))}
          {item('product_ids', f('gridProducts'), (
            <Flex vertical gap={6} data-testid="block-grid-products">
              {ids.map((id, i) => (
                <Flex key={`${id}-${i}`} gap={4}>
                  <Picker
                    value={id}
                    exclude={ids}
                    onChange={(next) => onChange({ product_ids: next ? ids.map((x, j) => (j === i ? next : x)) : ids.filter((_, j) => j !== i) })}
                    data-testid={`block-grid-product-${i}`}
                  />
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={f('gridRemove')}
                    onClick={() => onChange({ product_ids: ids.filter((_, j) => j !== i) })} data-testid={`block-grid-remove-${i}`} />
                </Flex>
              ))}
              {ids.length < 12 && (
                // A fresh picker each time: picking appends and the picker is empty again.
                <Picker key={ids.length} value={null} exclude={ids} onChange={(id) => id && onChange({ product_ids: [...ids, id] })} data-testid="block-grid-add" />
              )}
            </Flex>
          ))}
          {item('button_text', f('buttonText'), (
            <Input value={block.button_text} maxLength={60} placeholder={f('buttonTextHint')} onChange={(e) => onChange({ button_text: e.target.value })} data-testid="block-button_text" />
          ))}
        </>
      );
      break;
    }
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
