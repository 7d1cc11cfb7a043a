import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LEDGER_QUERY_PAGES } from "../../../src/pages/info/ledger-queries/ledger-query-pages";
import { PRODUCT_GROUPS } from "../../../src/pages/info/product/product-content";
import { isSectionOpen } from "../../../src/resources/availability";
import { availabilityLine, availabilitySummary, findSection, isOffered, notOfferedSentence } from "../../../src/resources/offered-services";
import { genericPage } from "../../../src/resources/define";
import type { SectionDefinition } from "../../../src/resources/types";
import { endpoint } from "../../../src/schema/contract";

const open = (resource: string) => isSectionOpen(findSection(resource));

describe("what this installation offers, from the registry", () => {
  it("a section is open when its pages have their calls: every storage kind, the library, rights, the personal centre", () => {
    for (const resource of [
      "evidenceSave/fileEvidence",
      "evidenceSave/textEvidence",
      "evidenceSave/hashEvidence",
      "evidenceSave/voucherEvidence",
      "evidenceSave/affairEvidence",
      "evidences/dataList",
      "evidences/evidenceExtract",
      "evidences/evidenceDownload",
      "rights/file",
      "personal/childAccountManagement",
      "personal/invoiceAdmin",
      "evidenceTaken/snapshotRecord",
      "evidenceTaken/totalEvidenceTaken",
      "evidenceTaken/screenRecord",
      "monitor/text",
      "monitor/rights",
      "monitor/audio",
      "monitor/trademark",
    ]) {
      expect([resource, open(resource)]).toEqual([resource, true]);
    }
  });

  it("follows the registry: giving a section its calls opens it", () => {
    const Record = z.object({ id: z.number().meta({ title: "编号" }) });
    const section: SectionDefinition = { key: "x", title: "示例", landing: "guidance", pages: [genericPage("guidance", "guidance", "指引"), genericPage("dataList", "dataList", "列表")] };
    expect(isSectionOpen(section)).toBe(false);
    const list = endpoint({ method: "GET", path: "/x/v2/list", input: z.object({}), datas: z.unknown(), session: "user", tag: "示例", summary: "列表" });
    expect(isSectionOpen({ ...section, record: Record, endpoints: { list } })).toBe(true);
  });

  it("refuses a route key that is not in the registry, so a typo cannot pass for 'not open'", () => {
    expect(() => isOffered({ section: "evidenceSave/fileEvidenc" })).toThrow("No registry section");
  });

  it("words what is missing and what is open", () => {
    expect(notOfferedSentence([{ section: "evidenceSave/fileEvidence" }])).toBeNull();
    expect(notOfferedSentence([{ section: "evidenceSave/fileEvidence" }, { service: "contractSigning" }, { section: "judicial/notarization" }])).toBe("电子合同签署尚未在本平台开放");
    expect(availabilityLine([{ section: "evidenceSave/fileEvidence" }, { service: "publicVerification" }, { service: "contractSigning" }])).toBe("已开放：文件存证、查询验证；尚未开放：电子合同签署");
    expect(availabilityLine([{ section: "judicial/notarization" }])).toBe("已开放：在线公证");
    expect(availabilitySummary().open).toEqual(expect.arrayContaining(["区块链存证", "证据库", "确权服务", "查询验证"]));
    // Every 电子取证 section has its calls, so it is named as a whole.
    expect(availabilitySummary().open).toContain("电子取证");
    expect(availabilitySummary().open).toContain("全网监测");
    expect(availabilitySummary().open).toContain("法律AI助手");
    expect(availabilitySummary().pending).toEqual(expect.arrayContaining(["电子合同签署", "证据分享"]));
  });
});

describe("public pages cannot contradict the app", () => {
  it("every product names the registry sections or services it is, all of them known", () => {
    for (const product of PRODUCT_GROUPS.flatMap((group) => group.products)) {
      expect(product.offeredBy.length, product.name).toBeGreaterThan(0);
      for (const ref of product.offeredBy) expect(() => isOffered(ref)).not.toThrow();
    }
  });

  it("a query page that only checks its input does so only while its service is not offered", () => {
    // Once the service opens, the page must be given a real query instead of its statement.
    for (const page of LEDGER_QUERY_PAGES.filter((candidate) => !candidate.verification && !candidate.query)) {
      expect(page.source, page.path).toBeDefined();
      expect(isOffered(page.source!.service), page.path).toBe(false);
    }
  });

  it("no public page promises what is already live or ties a service to the ledger's launch", () => {
    const root = path.resolve(import.meta.dirname, "../../../src");
    const files = ["pages/info", "pages/public", "pages/home", "components/public-shell", "components/public-page", "components/pricing"].flatMap((dir) =>
      fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).filter((name) => /\.tsx?$/.test(name)).map((name) => path.join(root, dir, name)),
    );
    const stale = files.flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => /即将开放|随[^，。；]{0,12}上线|后续版本/.test(line))
        .map((line) => `${path.relative(root, file)}: ${line.trim()}`),
    );
    expect(stale).toEqual([]);
  });
});
