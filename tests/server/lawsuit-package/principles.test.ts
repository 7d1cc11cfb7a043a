import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAWSUIT_PACKAGE_ENDPOINTS as ENDPOINTS, LAWSUIT_PACKAGE_MESSAGES, LawSuitPackageCode, PRINCIPLES_PAGE_URL_PREFIX, type EleEvidencePrinciple } from "../../../src/schema/lawsuit-package.js";
import { AppMetaRepository } from "../../../server/db/app-meta.repository.js";
import { BusinessError } from "../../../server/http/envelope.js";
import { PRINCIPLES_DOCUMENT } from "../../../server/modules/lawsuit-package/principles-document.js";
import { PrinciplesService } from "../../../server/modules/lawsuit-package/principles.service.js";
import { createTestApp, type TestApp } from "../support/test-app.js";

/**
 * The principles of electronic evidence (HLELEEVIDENCE): our own text drawn as a PDF, its pages
 * drawn by pdftoppm as PNGs served from the blob store; without pdftoppm a clear refusal.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TestApp;
let principle: EleEvidencePrinciple;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const answer = (await t.call(ENDPOINTS.getEleEvidencePdf)).json();
  expect(answer.code).toBe(200);
  principle = answer.datas;
}, 60_000);
afterAll(async () => t?.close());

describe("the principles document", () => {
  it("answers the brief, subtitle, the pages' contents as HTML and one image per page of the exported PDF", async () => {
    expect(principle).toMatchObject({ brief: PRINCIPLES_DOCUMENT.brief, subTitle: PRINCIPLES_DOCUMENT.subTitle });
    expect(principle.content).toBe(`<p>全文共 ${principle.pngList.length} 页，内容依次为：${PRINCIPLES_DOCUMENT.sections.map((section) => section.heading).join("；")}。</p>`);
    const exported = await t.call(ENDPOINTS.exportEleEvidencePdf);
    expect(exported.headers["content-type"]).toBe("application/pdf");
    expect(exported.headers["content-disposition"]).toContain(encodeURIComponent(`${PRINCIPLES_DOCUMENT.title}.pdf`));
    const file = path.join(t.database.dataDir, "principles.pdf");
    fs.writeFileSync(file, exported.rawPayload);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
    expect(pages).toBeGreaterThan(0);
    expect(principle.pngList.map((item) => item.page)).toEqual(Array.from({ length: pages }, (_, index) => index + 1));
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s/g, "");
    expect(text).toContain(PRINCIPLES_DOCUMENT.sections[0].heading.replace(/\s/g, ""));
  });

  it("serves each page as image/png, and nothing else of the blob store through that route", async () => {
    for (const { filePath } of principle.pngList) {
      expect(filePath.startsWith(PRINCIPLES_PAGE_URL_PREFIX)).toBe(true);
      const image = await t.app.inject({ method: "GET", url: filePath });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
      expect(image.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }
    const pdfBlob = await t.app.services.blobs.put((await t.call(ENDPOINTS.exportEleEvidencePdf)).rawPayload);
    expect((await t.app.inject({ method: "GET", url: PRINCIPLES_PAGE_URL_PREFIX + pdfBlob })).statusCode).toBe(404);
  });

  it("is drawn once: a second answer and a restarted service find the same pages", async () => {
    expect((await t.call(ENDPOINTS.getEleEvidencePdf)).json().datas).toEqual(principle);
    // A page renderer that does not exist is never called when the pages are known.
    const again = new PrinciplesService({ document: PRINCIPLES_DOCUMENT, blobs: t.app.services.blobs, meta: new AppMetaRepository(t.app.database.db), now: t.clock.now, pageRenderer: "/nonexistent/pdftoppm" });
    expect(await again.principle()).toEqual(principle);
  });

  it("refuses clearly when pdftoppm is missing, and still exports the PDF", async () => {
    const changed = { ...PRINCIPLES_DOCUMENT, brief: `${PRINCIPLES_DOCUMENT.brief}（修订）` };
    const service = new PrinciplesService({ document: changed, blobs: t.app.services.blobs, meta: new AppMetaRepository(t.app.database.db), now: t.clock.now, pageRenderer: "/nonexistent/pdftoppm" });
    const refusal = await service.principle().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BusinessError);
    expect(refusal).toMatchObject({ code: LawSuitPackageCode.pagesUnavailable, message: LAWSUIT_PACKAGE_MESSAGES.pagesUnavailable });
    expect((await service.pdf()).body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
