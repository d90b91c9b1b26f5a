/** The part of subset-font 2.9 (no bundled types) that the icon subset uses. */
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
    preserveNameIds?: number[];
    keepFeatures?: string[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    noLayoutClosure?: boolean;
    glyphNames?: boolean;
    noHinting?: boolean;
    dropTables?: string[];
    keepAllGlyphs?: boolean;
  }
  export default function subsetFont(
    font: Buffer | Uint8Array,
    text: string | null,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}
