// fontkit ships no types; pdfkit accepts the font object `create` returns (anything with `layout`).
declare module "fontkit" {
  export interface GlyphRun {
    glyphs: readonly { readonly id: number }[];
    positions: object[];
  }
  export interface FontSubset {
    includeGlyph(glyph: number): number;
    encode(): Uint8Array;
  }
  export interface Font {
    readonly postscriptName: string;
    /** Where each table lies in the file the font was created from (for a collection, the whole collection). */
    readonly directory: { readonly tables: Record<string, { readonly offset: number; readonly length: number } | undefined> };
    layout(text: string, features?: unknown): GlyphRun;
    createSubset(): FontSubset;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
