import type { PopupContent, ShopperLanguage } from '@storecast/contract';
import type { RevealedCoupon } from '@storecast/popup-view';
import { ExpandOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Modal, Segmented } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScaledPopup, type Device } from './scaled-popup.tsx';

/** The width the preview's box has on screen, followed as the window changes. */
function useBoxWidth(fallback: number) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && entry.contentRect.width > 0 && setWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { box, width };
}

/**
 * The live preview beside the editors: desktop or phone, either shopper language, the form or
 * what follows a sign-up (with the chosen coupon, or a sample when none is chosen).
 */
export function PopupPreview({ content, coupon }: { content: PopupContent; coupon: RevealedCoupon | null }) {
  const { t, i18n } = useTranslation();
  const [device, setDevice] = useState<Device>('desktop');
  const [language, setLanguage] = useState<ShopperLanguage>(i18n.language === 'en-US' ? 'en-US' : 'zh-CN');
  const [view, setView] = useState<'form' | 'success'>('form');
  const [large, setLarge] = useState(false);
  const { box, width } = useBoxWidth(400);
  const sample = useMemo(() => ({ code: 'WELCOME10', discount: 10, description: t('popup.preview.sampleCoupon') }), [t]);
  const shown = { content, language, device, view, coupon: coupon ?? sample };

  return (
    <Card
      size="small"
      title={t('popup.preview.title')}
      extra={<Button size="small" type="text" icon={<ExpandOutlined />} onClick={() => setLarge(true)} data-testid="preview-enlarge">{t('popup.preview.enlarge')}</Button>}
      data-testid="popup-preview"
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Segmented<Device>
          size="small"
          value={device}
          onChange={setDevice}
          options={[
            { value: 'desktop', label: <span data-testid="preview-device-desktop">{t('popup.preview.desktop')}</span> },
            { value: 'phone', label: <span data-testid="preview-device-phone">{t('popup.preview.phone')}</span> },
          ]}
        />
        <Segmented<ShopperLanguage>
          size="small"
          value={language}
          onChange={setLanguage}
          options={[
            { value: 'zh-CN', label: <span data-testid="preview-language-zh-CN">{t('common.language.zhCN')}</span> },
            { value: 'en-US', label: <span data-testid="preview-language-en-US">{t('common.language.enUS')}</span> },
          ]}
        />
        <Segmented<'form' | 'success'>
          size="small"
          value={view}
          onChange={setView}
          options={[
            { value: 'form', label: <span data-testid="preview-view-form">{t('popup.preview.form')}</span> },
            { value: 'success', label: <span data-testid="preview-view-success">{t('popup.preview.success')}</span> },
          ]}
        />
      </Flex>
      <div ref={box}>
        <Flex justify="center">
          <ScaledPopup key={device} {...shown} width={width} testId="preview-host" />
        </Flex>
      </div>
      {/* The side column is narrow for a desktop page; this shows the same drawing at up to full size. */}
      <Modal open={large} onCancel={() => setLarge(false)} footer={null} width="min(1100px, 96vw)" title={t('popup.preview.title')} destroyOnHidden>
        <Flex justify="center">
          <ScaledPopup key={device} {...shown} width={Math.min(1040, window.innerWidth * 0.96 - 48)} testId="preview-large" />
        </Flex>
      </Modal>
    </Card>
  );
}
