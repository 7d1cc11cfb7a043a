import { readFileSync } from "node:fs";
import { create, type Font } from "fontkit";
import { CidCffFont } from "../../pdf/cid-cff-font.js";
import { pdfFontSource } from "../../pdf/pdf-font-source.js";

/**
 * The CJK font of every certificate: Debian's Noto Sans CJK collection (fonts-noto-cjk), Simplified
 * Chinese face. Reading and parsing the 19 MB collection dominates rendering time, so it is done
 * once per process and the parsed font is shared by every document; pdfkit still embeds only the
 * glyphs each certificate uses (a subset per document, see server/pdf/pdf-font-source.ts).
 */
export const CERTIFICATE_FONT_FILE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
export const CERTIFICATE_FONT_NAME = "NotoSansCJKsc-Regular";

let loaded: Font | null = null;

export function certificateFont(): Font {
  if (!loaded) {
    const file = readFileSync(CERTIFICATE_FONT_FILE);
    const font = create(file, CERTIFICATE_FONT_NAME);
    if (font.postscriptName !== CERTIFICATE_FONT_NAME) {
      throw new Error(`${CERTIFICATE_FONT_FILE} has no ${CERTIFICATE_FONT_NAME} face (install fonts-noto-cjk)`);
    }
    const table = font.directory.tables["CFF "];
    loaded = pdfFontSource(font, table ? new CidCffFont(file.subarray(table.offset, table.offset + table.length)) : null);
  }
  return loaded;
}
