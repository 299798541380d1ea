import { PlusOutlined } from '@ant-design/icons';
import type { EmailDoc } from '@storecast/contract';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addBlock, moveBlock, moveBlockTo, PALETTE, removeBlock, updateBlock } from '../block-model.ts';
import { useBlockTexts } from '../use-block-texts.ts';
import { BlockFields } from './block-fields.tsx';
import { BlockList } from './block-list.tsx';
import type { CouponPresetList } from './coupon-preset-picker.tsx';

interface Props {
  doc: EmailDoc;
  onChange: (doc: EmailDoc) => void;
  /** The selected block; the caller holds it so it can point at the block a save refused. */
  selected: string | null;
  onSelect: (id: string | null) => void;
  couponPresets: CouponPresetList;
  /**
   * The e-mail is an Element Send's: product blocks may show the shopper's matched product, and a
   * new product block does. Elsewhere a product block must name a catalogue product.
   */
  allowMatchedProduct?: boolean;
}

/**
 * The block editor: palette and block order on the left, the selected block's fields on the
 * right. It edits the document it is given and nothing else; saving, the preview and where the
 * e-mail goes belong to the feature that shows it.
 */
export function EmailBlockEditor({ doc, onChange, selected, onSelect, couponPresets, allowMatchedProduct = false }: Props) {
  const { t } = useTranslation();
  const blockTexts = useBlockTexts();
  const block = doc.blocks.find((b) => b.id === selected);
  return (
    <Row gutter={16}>
      <Col xs={24} md={10}>
        <Card size="small" title={t('emailEditor.editor.palette')} style={{ marginBottom: 16 }}>
          <Flex wrap gap={6}>
            {PALETTE.map((type) => (
              <Button
                key={type}
                size="small"
                icon={<PlusOutlined />}
                onClick={() => {
                  const next = addBlock(doc, type, blockTexts, selected ?? undefined, { allowMatchedProduct });
                  onChange(next.doc);
                  onSelect(next.id);
                }}
                data-testid={`block-add-${type}`}
              >
                {t(`emailEditor.block.${type}`)}
              </Button>
            ))}
          </Flex>
        </Card>
        <Card size="small" title={t('emailEditor.editor.blocks')} style={{ marginBottom: 16 }}>
          <BlockList
            doc={doc}
            selected={selected}
            onSelect={onSelect}
            allowMatchedProduct={allowMatchedProduct}
            onMove={(id, dir) => onChange(moveBlock(doc, id, dir))}
            onMoveTo={(id, index) => onChange(moveBlockTo(doc, id, index))}
            onRemove={(id) => {
              onChange(removeBlock(doc, id));
              if (id === selected) onSelect(null);
            }}
          />
        </Card>
      </Col>
      <Col xs={24} md={14}>
        <Card size="small" title={block ? t(`emailEditor.block.${block.type}`) : t('emailEditor.editor.fieldsPanel')} style={{ marginBottom: 16 }}>
          {block ? (
            <BlockFields
              key={block.id}
              block={block}
              couponPresets={couponPresets}
              allowMatchedProduct={allowMatchedProduct}
              onChange={(patch) => onChange(updateBlock(doc, block.id, patch))}
            />
          ) : (
            <Typography.Text type="secondary">{t('emailEditor.editor.selectHint')}</Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}
