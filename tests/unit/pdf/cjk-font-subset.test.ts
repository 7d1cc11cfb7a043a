import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { create } from "fontkit";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { CERTIFICATE_FONT_FILE, CERTIFICATE_FONT_NAME, certificateFont } from "../../../server/modules/certificate/certificate-font.js";
import { pdfBytesOf } from "../../../server/pdf/a4-document.js";

/**
 * The certificates' font source (shaping remembered across documents, a compact desubroutinized
 * subset) against the font library used plainly, as pdfkit did before: the same page drawn with
 * each must rasterize to the same pixels, for the texts our documents print and for characters
 * from every font dict of the face (CJK ideographs of several blocks, kana, hangul, Latin,
 * fullwidth forms, punctuation).
 */
const LINES = [
  "电子数据存证证书 CERTIFICATE OF ELECTRONIC DATA PRESERVATION",
  "兹证明：上述电子数据已于存证时间由本平台计算 SHA-256 与 SM3 摘要（RFC 9162）。",
  "持有人：北京某某科技有限公司；证据名称：合同扫描件（第二版）.pdf；时间来源：国家授时中心",
  "0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
  "d48587ce9bc644c245c5f4cebb100336b9a880fcad97a45a1028e16a9ab6633b pkecy1X3IY4G3f7udpOunEs9i5C4T8XIm9sOgKOmL6g=",
  "鬱龘齉 㐀㐁 𠀀𠀁 かなカナ 한국어 ＡＢＣ１２３ 「」『』【】〔〕《》…—～ ©®™ ½ αβγ абв",
  "你好，世界。我们的平台为法院、公证处和企业提供电子证据保全与核验服务，每一份证书都可离线验证。",
];

function page(font: unknown): Promise<Buffer> {
  const doc = new PDFDocument({ size: [560, 260], margin: 10, info: { CreationDate: new Date(0), ModDate: new Date(0) } });
  const bytes = pdfBytesOf(doc);
  doc.registerFont("cjk", font as PDFKit.Mixins.PDFFontSource).font("cjk");
  LINES.forEach((line, index) => doc.fontSize(index % 2 ? 9 : 11).text(line, 10, 10 + index * 34, { width: 540 }));
  doc.end();
  return bytes;
}

function pixels(pdf: Buffer): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), "cjk-subset-"));
  writeFileSync(path.join(dir, "page.pdf"), pdf);
  execFileSync("pdftoppm", ["-r", "110", "-gray", "-singlefile", path.join(dir, "page.pdf"), path.join(dir, "page")]);
  return readFileSync(path.join(dir, "page.pgm"));
}

describe("the certificates' CJK font source", () => {
  it("draws every glyph exactly as the font library's own subset does, in a file a fraction of the size", async () => {
    const plain = create(readFileSync(CERTIFICATE_FONT_FILE), CERTIFICATE_FONT_NAME);
    const [ours, library] = [await page(certificateFont()), await page(plain)];
    expect(pixels(ours).equals(pixels(library))).toBe(true);
    expect(ours.length).toBeLessThan(library.length / 2);
    // Drawn again, from remembered shaping and glyphs: the same file.
    expect((await page(certificateFont())).equals(ours)).toBe(true);
    // Parsing the 19 MB collection a second time and the library's subset take seconds on a busy machine.
  }, 60_000);
});
