// fontkit ships no types; pdfkit accepts the font object `create` returns (anything with `layout`).
declare module "fontkit" {
  export interface Font {
    readonly postscriptName: string;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
