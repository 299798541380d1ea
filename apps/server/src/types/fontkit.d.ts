/** The part of fontkit's API the invoice renderer uses to pick a font (the package ships no types). */
declare module 'fontkit' {
  export interface Font {
    type: string;
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export interface FontCollection {
    type: 'TTC' | 'DFont';
    fonts: Font[];
  }
  export function openSync(file: string): Font | FontCollection;
}
