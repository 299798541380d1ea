import type { PopupContent, ShopperLanguage } from '@storecast/contract';
import { mountPopup, type PopupHandle, type RevealedCoupon } from '@storecast/popup-view';
import { useEffect, useRef } from 'react';

/** The page sizes the preview imitates: a desktop browser and a common phone. */
export const DEVICES = {
  desktop: { width: 1024, height: 640 },
  phone: { width: 375, height: 667 },
  /** Gallery cards: a small window, so the pop-up stays legible at card size. */
  card: { width: 720, height: 450 },
} as const;
export type Device = keyof typeof DEVICES;

interface Props {
  content: PopupContent;
  language: ShopperLanguage;
  device: Device;
  /** The width the drawing may take on screen; the page is scaled down to it, never up. */
  width: number;
  view?: 'form' | 'success';
  coupon?: RevealedCoupon | null;
  testId?: string;
}

/**
 * A pop-up drawn by the storefront's own drawing code (`mountPopup`, preview mode) on a blank
 * page of the device's size, scaled to fit. Shadow DOM keeps the admin's styles out of it, so
 * what the owner sees is what shoppers get.
 */
export function ScaledPopup({ content, language, device, width, view = 'form', coupon = null, testId }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const handle = useRef<PopupHandle | null>(null);
  const page = DEVICES[device];
  const scale = Math.min(1, width / page.width);

  // Drawn once per host; later changes go through update(), which keeps the shadow root.
  useEffect(() => {
    handle.current = mountPopup(host.current!, { content, language, view, coupon, preview: true });
    return () => {
      handle.current?.unmount();
      handle.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- later props arrive through update()
  }, []);
  useEffect(() => {
    handle.current?.update({ content, language, view, coupon });
  }, [content, language, view, coupon]);

  return (
    <div
      style={{ width: page.width * scale, height: page.height * scale, overflow: 'hidden', borderRadius: 6, border: '1px solid #d9d9d9', background: '#f0f2f5' }}
      data-testid={testId}
      data-device={device}
      data-language={language}
    >
      <div
        ref={host}
        style={{ width: page.width, height: page.height, position: 'relative', transform: `scale(${scale})`, transformOrigin: 'top left', background: '#f5f5f5' }}
      />
    </div>
  );
}
