import { PlusOutlined } from '@ant-design/icons';
import { emailDocSchema, type EmailDoc } from '@storecast/contract';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/toast.ts';
import { issueText } from '../../../shared/forms/zod-rule.ts';
import { useCouponPresets } from '../../brand/queries.ts';
import { addBlock, ensureFooter, moveBlock, moveBlockTo, PALETTE, removeBlock, updateBlock } from '../block-model.ts';
import { BlockFields } from '../components/block-fields.tsx';
import { BlockList } from '../components/block-list.tsx';
import { EmailPreview } from '../components/email-preview.tsx';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { strategyCouponId } from '../strategy-coupon.ts';
import { useBlockTexts } from '../use-block-texts.ts';
import { useWizard } from '../use-wizard.ts';

/**
 * Step 3: the block editor. Palette and block order on the left, the selected block's fields
 * on the right, the server-rendered preview below. Only content the contract accepts is saved.
 */
export function ContentPage() {
  const { t } = useTranslation();
  const wizard = useWizard();
  const blockTexts = useBlockTexts();
  const presets = useCouponPresets();
  const [doc, setDoc] = useState<EmailDoc | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  // Start from the saved draft once it has loaded (a reload lands here with ?id=).
  useEffect(() => {
    if (!wizard.loading && doc === null) setDoc(ensureFooter(wizard.detail?.content));
  }, [wizard.loading, wizard.detail, doc]);

  const collect = async () => {
    if (!doc) return null;
    const check = emailDocSchema.safeParse(doc);
    if (!check.success) {
      const issue = check.error.issues[0]!;
      const index = issue.path[1];
      if (typeof index === 'number') setSelected(doc.blocks[index]?.id ?? null);
      toastError(issueText(issue));
      return null;
    }
    // The preset the coupon block was filled from becomes the strategy's coupon; until the
    // presets have loaded, the saved choice stays as it was.
    const couponId = presets.data ? strategyCouponId(check.data, presets.data) : (wizard.detail?.coupon_id ?? null);
    return { content: check.data, coupon_id: couponId };
  };

  const block = doc?.blocks.find((b) => b.id === selected);
  return (
    <WizardFrame step="content" wizard={wizard} collect={collect}>
      {doc && (
        <>
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Card size="small" title={t('segmentSend.content.palette')} style={{ marginBottom: 16 }}>
                <Flex wrap gap={6}>
                  {PALETTE.map((type) => (
                    <Button
                      key={type}
                      size="small"
                      icon={<PlusOutlined />}
                      onClick={() => {
                        const next = addBlock(doc, type, blockTexts, selected ?? undefined);
                        setDoc(next.doc);
                        setSelected(next.id);
                      }}
                      data-testid={`block-add-${type}`}
                    >
                      {t(`segmentSend.block.${type}`)}
                    </Button>
                  ))}
                </Flex>
              </Card>
              <Card size="small" title={t('segmentSend.content.blocks')} style={{ marginBottom: 16 }}>
                <BlockList
                  doc={doc}
                  selected={selected}
                  onSelect={setSelected}
                  onMove={(id, dir) => setDoc(moveBlock(doc, id, dir))}
                  onMoveTo={(id, index) => setDoc(moveBlockTo(doc, id, index))}
                  onRemove={(id) => {
                    setDoc(removeBlock(doc, id));
                    if (id === selected) setSelected(null);
                  }}
                />
              </Card>
            </Col>
            <Col xs={24} md={14}>
              <Card size="small" title={block ? t(`segmentSend.block.${block.type}`) : t('segmentSend.content.fieldsPanel')} style={{ marginBottom: 16 }}>
                {block ? (
                  <BlockFields key={block.id} block={block} onChange={(patch) => setDoc(updateBlock(doc, block.id, patch))} />
                ) : (
                  <Typography.Text type="secondary">{t('segmentSend.content.selectHint')}</Typography.Text>
                )}
              </Card>
            </Col>
          </Row>
          <EmailPreview title={wizard.detail?.title ?? ''} summary={wizard.detail?.summary ?? ''} doc={doc} />
        </>
      )}
    </WizardFrame>
  );
}
