import { CheckCircleFilled } from '@ant-design/icons';
import { type EmailDoc, brandRoutes } from '@storecast/contract';
import { App, Card, Col, Empty, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query.ts';
import { emptyDoc, ensureFooter, STARTERS, type StarterKey, useStarterTexts } from '../../email-editor/index.ts';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { useWizard } from '../use-wizard.ts';

type Choice = { kind: 'starter'; key: StarterKey } | { kind: 'library'; id: string; content: EmailDoc };

/**
 * Step 2: start blank, from a built-in layout, or from a template of the content library.
 * Choosing nothing keeps the content the draft already has.
 */
export function TemplatePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const wizard = useWizard();
  const starterTexts = useStarterTexts();
  const [choice, setChoice] = useState<Choice | null>(null);
  const library = useApiQuery(brandRoutes.templateList);

  const chosenDoc = (): EmailDoc | null => {
    if (!choice) return null;
    if (choice.kind === 'library') return ensureFooter(choice.content);
    return STARTERS[choice.key](starterTexts);
  };

  const collect = async () => {
    const doc = chosenDoc();
    if (!doc) return { content: wizard.detail?.content ?? emptyDoc() };
    const hasContent = (wizard.detail?.content?.blocks.length ?? 0) > 1;
    if (hasContent) {
      const ok = await modal.confirm({ title: t('segmentSend.template.replaceConfirm') });
      if (!ok) return null;
    }
    return { content: doc };
  };

  const card = (key: string, selected: boolean, title: string, desc: string, onClick: () => void) => (
    <Col xs={24} sm={12} md={8} key={key}>
      <Card
        hoverable
        onClick={onClick}
        style={{ height: '100%', borderColor: selected ? '#1677ff' : undefined }}
        data-testid={`template-${key}`}
        data-selected={selected}
        extra={selected ? <CheckCircleFilled style={{ color: '#1677ff' }} /> : null}
        title={title}
      >
        <Typography.Text type="secondary">{desc}</Typography.Text>
      </Card>
    </Col>
  );

  return (
    <WizardFrame step="template" wizard={wizard} collect={collect}>
      <Typography.Paragraph type="secondary">{t('segmentSend.template.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {(['blank', 'starter'] as const).map((key) =>
          card(key, choice?.kind === 'starter' && choice.key === key, t(`segmentSend.template.${key}`), t(`segmentSend.template.${key}Desc`),
            () => setChoice({ kind: 'starter', key })))}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('segmentSend.template.library')}</Typography.Title>
      {library.data && library.data.length === 0 && <Empty description={t('segmentSend.template.libraryEmpty')} />}
      <Row gutter={[16, 16]}>
        {(library.data ?? []).map((tpl) =>
          card(`library-${tpl.id}`, choice?.kind === 'library' && choice.id === tpl.id, tpl.name,
            tpl.content.blocks.map((b) => t(`emailEditor.block.${b.type}`)).join(' · '),
            () => setChoice({ kind: 'library', id: tpl.id, content: tpl.content })))}
      </Row>
    </WizardFrame>
  );
}
