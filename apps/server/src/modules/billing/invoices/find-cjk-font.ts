import { existsSync } from 'node:fs';
import { openSync } from 'fontkit';

/** A font that draws Chinese: its file and, inside a collection (.ttc), the face to use. */
export interface CjkFont {
  file: string;
  face: string | undefined;
}

/**
 * Where Linux distributions, macOS and Windows put a Chinese font. pdfkit's own fonts cover only
 * Windows-1252, and a CJK font is 5-20 MB, too much to ship in the package for every install.
 */
const SYSTEM_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', // Debian, Ubuntu: fonts-noto-cjk
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', // Debian, Ubuntu: fonts-wqy-microhei
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', // Fedora
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', // Arch, Alpine
  '/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc',
  '/System/Library/Fonts/Hiragino Sans GB.ttc', // macOS
  'C:\\Windows\\Fonts\\msyh.ttc', // Windows: Microsoft YaHei
];

// 发 (U+53D1) and 票: the invoice's own title; A: Latin text is drawn by the same font.
const PROBE = [0x53d1, 0x7968, 0x41];

/** The file's face that draws the probe characters (in a collection: the Simplified Chinese one if named so), or null. */
function pickFace(file: string): CjkFont | null {
  try {
    const opened = openSync(file);
    const faces = 'fonts' in opened ? opened.fonts : [opened];
    const usable = faces.filter((f) => PROBE.every((cp) => f.hasGlyphForCodePoint(cp)));
    const face = usable.find((f) => /SC\b|SC-|GB/.test(f.postscriptName)) ?? usable[0];
    if (!face) return null;
    return { file, face: 'fonts' in opened ? face.postscriptName : undefined };
  } catch {
    return null; // Not a font fontkit reads: the next place is tried.
  }
}

const found = new Map<string, CjkFont | null>();

/**
 * The font invoices draw Chinese with: the configured file (`INVOICE_FONT_FILE`) when it is one,
 * otherwise the first system font that draws Chinese; null when there is none. Looked up once
 * per configured value: fonts are not installed while the server runs.
 */
export function findCjkFont(configured: string): CjkFont | null {
  if (!found.has(configured)) {
    const places = configured ? [configured, ...SYSTEM_FONTS] : SYSTEM_FONTS;
    found.set(configured, places.filter((p) => existsSync(p)).map(pickFace).find((f) => f !== null) ?? null);
  }
  return found.get(configured)!;
}
