import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../shared/api/files.ts';
import { toastError } from '../../shared/api/toast.ts';
import { drawQrCode, qrPngBlob, qrSvgFile } from './draw-qr-code.ts';

/**
 * The QR code of a short link, with its PNG and SVG downloads. It encodes the short link rather
 * than the full one: fewer characters make a coarser code that scans from further away, and a
 * scan is then counted like a click.
 */
export function ShortLinkQr({ url, code, size = 184 }: { url: string; code: string; size?: number }) {
  const { t } = useTranslation();
  const drawing = useMemo(() => drawQrCode(url), [url]);
  const png = async () => {
    const blob = await qrPngBlob(drawing);
    if (blob) saveBlob(blob, `qr-${code}.png`);
    else toastError(t('campaigns.links.pngFailed'));
  };
  const svg = () => saveBlob(new Blob([qrSvgFile(drawing)], { type: 'image/svg+xml' }), `qr-${code}.svg`);
  return (
    <Flex vertical align="center" gap={8} data-testid="link-qr">
      <svg
        role="img"
        aria-label={t('campaigns.links.qrLabel', { url })}
        viewBox={`0 0 ${drawing.size} ${drawing.size}`}
        width={size}
        height={size}
        shapeRendering="crispEdges"
        style={{ maxWidth: '100%', height: 'auto' }}
        data-testid="link-qr-svg"
      >
        <rect width={drawing.size} height={drawing.size} fill="#fff" />
        <path d={drawing.path} fill="#000" />
      </svg>
      <Flex wrap gap={8} justify="center">
        <Button icon={<DownloadOutlined />} onClick={() => void png()} data-testid="link-qr-png">{t('campaigns.links.downloadPng')}</Button>
        <Button icon={<DownloadOutlined />} onClick={svg} data-testid="link-qr-svg-download">{t('campaigns.links.downloadSvg')}</Button>
      </Flex>
    </Flex>
  );
}
