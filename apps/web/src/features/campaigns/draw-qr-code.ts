import { create } from 'qrcode';

/**
 * A QR code drawn by us from the library's modules, so the admin shows it as an SVG element (no
 * markup strings in the page) and saves exactly the same picture as SVG or PNG. Level M survives
 * a scuffed print; the 4-module quiet zone is what the standard asks scanners to rely on.
 */
export interface QrDrawing {
  /** Width and height in modules, quiet zone included. */
  size: number;
  /** One path of the dark modules, a rectangle per horizontal run. */
  path: string;
}

const QUIET_ZONE = 4;

export function drawQrCode(text: string): QrDrawing {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!modules.get(row, col)) continue;
      let run = 1;
      while (col + run < n && modules.get(row, col + run)) run++;
      parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`);
      col += run - 1;
    }
  }
  return { size: n + 2 * QUIET_ZONE, path: parts.join('') };
}

/** The drawing as a standalone SVG file: black on white, sharp edges at any zoom. */
export function qrSvgFile(drawing: QrDrawing): string {
  const { size, path } = drawing;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 8}" height="${size * 8}" shape-rendering="crispEdges">`
    + `<rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** The drawing as a PNG of `scale` pixels a module, for tools that take no SVG. */
export function qrPngBlob(drawing: QrDrawing, scale = 10): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = drawing.size * scale;
  canvas.height = drawing.size * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  ctx.fillStyle = '#000';
  ctx.fill(new Path2D(drawing.path));
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}
