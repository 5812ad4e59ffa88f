// fontverter 2 ships no types; the one function scripts/bangla-fonts.test.ts uses.
declare module 'fontverter' {
  type Format = 'sfnt' | 'truetype' | 'woff' | 'woff2';
  /** The font in `buffer` (any of the formats) as `toFormat`. */
  export function convert(buffer: Uint8Array, toFormat: Format, fromFormat?: Format): Promise<Uint8Array>;
  const fontverter: { convert: typeof convert };
  export default fontverter;
}
