import {
  POPUP_LIMITS, TEMPLATE_ACTIVITIES, TEMPLATE_TARGETS, TEMPLATE_THEMES, type PopupTemplate,
} from '@storecast/contract';
import { Button, Card, Empty, Flex, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { TemplateCover, templateName } from '../popup-editor/index.ts';
import { useGallery, type GalleryFilters } from './queries.ts';
import { usePopupWizard } from './use-popup-wizard.ts';
import { WizardFrame } from './wizard-frame.tsx';

const CARD_WIDTH = 256;

/**
 * Step 1: the template gallery, filtered by target, activity and theme. Picking a template saves
 * the pop-up with the template's content (and, for a new pop-up, its conditions) and opens the
 * content step.
 */
export function TemplateStepPage() {
  const { t, i18n } = useTranslation();
  const wizard = usePopupWizard();
  const [filters, setFilters] = useState<GalleryFilters>({});
  const gallery = useGallery(filters);
  const [picking, setPicking] = useState<string | null>(null);

  const pick = async (template: PopupTemplate) => {
    setPicking(template.id);
    try {
      const name = t('popup.centre.newName', { template: templateName(template, i18n.language) }).slice(0, POPUP_LIMITS.nameMax);
      await wizard.saveAndGo({
        ...(wizard.detail ? {} : { name, enabled: false, double_opt_in: false, conditions: template.conditions }),
        template_id: template.id,
        content: template.content,
      }, 'content');
    } catch {
      // The client showed why; the gallery stays.
    } finally {
      setPicking(null);
    }
  };

  type Value<K extends keyof GalleryFilters> = NonNullable<GalleryFilters[K]>;
  const filter = <K extends keyof GalleryFilters>(key: K, values: readonly Value<K>[], label: (v: Value<K>) => string) => (
    <Space size={4}>
      <Typography.Text type="secondary">{t(`popup.gallery.${key}`)}</Typography.Text>
      <Select
        style={{ minWidth: 140 }}
        value={filters[key] ?? ''}
        onChange={(v: string) => setFilters((f) => ({ ...f, [key]: v || undefined }))}
        options={[{ value: '', label: t('popup.gallery.all') }, ...values.map((v) => ({ value: v, label: label(v) }))]}
        data-testid={`gallery-filter-${key}`}
      />
    </Space>
  );

  return (
    <WizardFrame step="template" wizard={wizard}>
      <Flex gap={16} wrap style={{ marginBottom: 16 }}>
        {filter('target', TEMPLATE_TARGETS, (v) => t(`popup.targets.${v}`))}
        {filter('activity', TEMPLATE_ACTIVITIES, (v) => t(`popup.activities.${v}`))}
        {filter('theme', TEMPLATE_THEMES, (v) => t(`popup.themes.${v}`))}
      </Flex>
      {!gallery.data ? <PageLoading /> : gallery.data.length === 0 ? <Empty description={t('popup.gallery.empty')} data-testid="gallery-empty" /> : (
        <Flex gap={16} wrap data-testid="gallery">
          {gallery.data.map((template) => (
            <Card
              key={template.id}
              size="small"
              style={{ width: CARD_WIDTH + 26 }}
              cover={<div style={{ padding: 12, paddingBottom: 0 }}><TemplateCover template={template} width={CARD_WIDTH} /></div>}
              data-testid="gallery-card"
              data-template-id={template.id}
            >
              <Typography.Text strong data-testid="gallery-card-name">{templateName(template, i18n.language)}</Typography.Text>
              <div style={{ margin: '8px 0' }}>
                <Tag>{t(`popup.targets.${template.target}`)}</Tag>
                <Tag>{t(`popup.activities.${template.activity}`)}</Tag>
                <Tag>{t(`popup.themes.${template.theme}`)}</Tag>
              </div>
              <Button
                type="primary"
                block
                loading={picking === template.id}
                disabled={picking !== null && picking !== template.id}
                onClick={() => void pick(template)}
                data-testid="gallery-use"
              >
                {t('popup.gallery.use')}
              </Button>
            </Card>
          ))}
        </Flex>
      )}
    </WizardFrame>
  );
}
