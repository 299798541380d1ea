import type { PopupTemplate, ShopperLanguage } from '@storecast/contract';
import { useTranslation } from 'react-i18next';
import { DEVICES, ScaledPopup } from './scaled-popup.tsx';

/**
 * A template's picture: its cover image, or, without one, the template itself drawn by the
 * storefront code on a small window scaled down to `width`.
 */
export function TemplateCover({ template, width }: { template: Pick<PopupTemplate, 'cover_url' | 'content' | 'name_zh' | 'name_en'>; width: number }) {
  const { i18n } = useTranslation();
  const language: ShopperLanguage = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const height = (width * DEVICES.card.height) / DEVICES.card.width;
  if (template.cover_url) {
    return (
      <img
        src={template.cover_url}
        alt={language === 'en-US' ? template.name_en : template.name_zh}
        style={{ width, height, objectFit: 'cover', display: 'block', borderRadius: 6 }}
        data-testid="template-cover-image"
      />
    );
  }
  return <ScaledPopup content={template.content} language={language} device="card" width={width} testId="template-cover-drawing" />;
}

/** A template's name in the admin's language. */
export function templateName(template: Pick<PopupTemplate, 'name_zh' | 'name_en'>, language: string): string {
  return language === 'en-US' ? template.name_en : template.name_zh;
}
