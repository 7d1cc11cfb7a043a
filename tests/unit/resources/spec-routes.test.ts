import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { deriveRedirects, deriveRoutes } from "../../../src/resources/derive";
import { REGISTRY } from "../../../src/resources/registry";

/**
 * Spec §2 "Main sections", written out by hand so that the registry is checked against the spec
 * rather than against itself. The prefixed monitoring variants are named by example in the spec;
 * the two it names are here, the rest are our choice (src/resources/monitor/index.ts).
 */

const each = (bases: readonly string[], pages: readonly string[]) => bases.flatMap((base) => pages.map((page) => `${base}/${page}`));

const EVIDENCE_TAKEN = [
  "/evidenceTaken/totalEvidenceTaken/dataList",
  "/evidenceTaken/totalEvidenceTaken/dataList/Certificate",
  ...each(
    ["/evidenceTaken/snapshotRecord", "/evidenceTaken/screenRecord", "/evidenceTaken/procedureRecord", "/evidenceTaken/mobileRecord", "/evidenceTaken/mobileArray"],
    ["guidance", "new", "dataList", "dataList/Certificate"],
  ),
  "/evidenceTaken/procedureRecord/ifrmobile",
  "/evidenceTaken/mobileArray/ifrmobile",
  "/evidenceTaken/liveRecord/guidance",
  "/evidenceTaken/liveRecord/dataList",
  "/evidenceTaken/liveRecord/dataList/Certificate",
  "/evidenceTaken/ElectronicSeal/guidance",
  "/evidenceTaken/ElectronicSeal/config",
  "/evidenceTaken/ElectronicSeal/dataList",
  "/evidenceTaken/ElectronicSeal/deviceList",
];

const EVIDENCE_SAVE = [
  ...each(
    ["fileEvidence", "textEvidence", "hashEvidence", "voucherEvidence", "affairEvidence"].map((type) => `/evidenceSave/${type}`),
    ["guidance", "dataList", "dataList/Certificate"],
  ),
  "/evidenceSave/hashEvidence/dataList/ApplyCertificateProcess",
  "/evidenceSave/hashEvidence/dataList/NoticeCertificate",
  "/evidenceSave/affairEvidence/dataList/childDataList",
  "/evidenceSave/affairEvidence/dataList/childDataList/Certificate",
];

const EVIDENCES = [
  "/evidences/dataList",
  "/evidences/evidenceExtract",
  "/evidences/evidenceDownload",
  "/evidences/dataList/Certificate",
  "/evidences/dataList/evidenceSaveInfo",
];

const JUDICIAL = [
  "/judicial/notarization/guidance",
  "/judicial/notarization/dataList",
  "/judicial/notarization/progress",
  "/judicial/notarization/dataDetail",
  ...each(["/judicial/notarization/evidenceSaveInfo"], ["file", "text", "hash", "voucher", "affair"]),
  "/judicial/judicialExpert/guidance",
  "/judicial/digitalReport/guidance",
  "/judicial/digitalReport/dataList",
  "/judicial/digitalReport/dataDetail",
  "/judicial/judicialPay/guidance",
  "/judicial/judicialPay/addJudicialPay",
  "/judicial/judicialPay/dataList",
  "/judicial/judicialPay/seeJudicialPay",
];

const LAW_SERVICE = ["/lawService/wsLawyer/guidance", "/lawService/wsLawyer/dataList", "/lawService/wsLawyer/dataDetail"];

const MONITOR_KINDS = ["rights", "text", "picture", "audio", "video", "publicOpinion", "eBusiness", "trademark"];
const MONITOR = [
  ...each(
    MONITOR_KINDS.map((kind) => `/monitor/${kind}`),
    ["guidance", "new", "dataList", "dataChart", "dataAnalysis", "dataTask", "monitorReport", "dataResults", "dataList/Certificate"],
  ),
  "/monitor/text/ystwnew",
  "/monitor/text/ystwdataList",
];

const RIGHTS = each(["/rights/file", "/rights/hash", "/rights/web"], ["guidance", "new", "dataList", "dataList/Certificate"]);

const PERSONAL = [
  "/personal/operationPanel",
  "/personal/accountManagement",
  ...each(["/personal/childAccountManagement"], ["dataList", "createChildAccount", "createSuccess"]),
  ...each(["/personal/securityCenter"], ["authentication", "enterpriseProve", "bindMobile", "bindEmail", "changePassword", "cancellation", "bindWechat"]),
  ...each(["/personal/expenseCenter"], ["onlineCharge", "expenseRule", "purchasePackage", "chargeRecord", "purchaseRecord", "expenseRecord"]),
  ...each(
    ["/personal/invoiceAdmin"],
    [
      "invoicetoRecord",
      "invoiceInfoList",
      "invoiceInfoDetail",
      "invoiceManagement",
      "invoiceOrder",
      "invoiceDetail",
      "invoiceInstructions",
      "invoicetoApply",
      "addressManagement",
      "invoiceSuccess",
      "invoiceUnsuccess",
    ],
  ),
];

const SPEC_PAGES = [...EVIDENCE_TAKEN, ...EVIDENCE_SAVE, ...EVIDENCES, ...JUDICIAL, ...LAW_SERVICE, ...MONITOR, ...RIGHTS, ...PERSONAL];

/** Spec §2: "each section root redirects to guidance", with the exceptions it names. */
const SPEC_REDIRECTS: [string, string][] = [
  ["/evidenceTaken/totalEvidenceTaken", "/evidenceTaken/totalEvidenceTaken/dataList"],
  ["/evidenceTaken/snapshotRecord", "/evidenceTaken/snapshotRecord/guidance"],
  ["/evidenceTaken/ElectronicSeal", "/evidenceTaken/ElectronicSeal/guidance"],
  ["/evidenceSave/fileEvidence", "/evidenceSave/fileEvidence/guidance"],
  ["/monitor/audio", "/monitor/audio/guidance"],
  ["/rights/web", "/rights/web/guidance"],
  ["/judicial/judicialPay", "/judicial/judicialPay/guidance"],
  ["/lawService/wsLawyer", "/lawService/wsLawyer/guidance"],
  ["/personal/childAccountManagement", "/personal/childAccountManagement/dataList"],
  ["/personal/securityCenter", "/personal/securityCenter/authentication"],
  ["/personal/expenseCenter", "/personal/expenseCenter/onlineCharge"],
  ["/personal/invoiceAdmin", "/personal/invoiceAdmin/invoicetoRecord"],
  // A main section's root goes to its first section's landing in one step.
  ["/evidenceSave", "/evidenceSave/fileEvidence/guidance"],
  ["/evidenceTaken", "/evidenceTaken/totalEvidenceTaken/dataList"],
  ["/evidences", "/evidences/dataList"],
  ["/personal", "/personal/operationPanel"],
];

const routes = deriveRoutes(REGISTRY);
const routePaths = new Set(routes.map((route) => route.path));
const redirects = new Map(deriveRedirects(REGISTRY).map((redirect) => [redirect.path, redirect.to]));

describe("the registry has every route of spec §2", () => {
  it.each(SPEC_PAGES)("%s", (path) => {
    expect(routePaths.has(path)).toBe(true);
  });

  it.each(SPEC_REDIRECTS)("%s redirects to %s", (from, to) => {
    expect(redirects.get(from)).toBe(to);
  });

  it("has no guidance for the overview of all evidence, and no new page for live recording (spec §2)", () => {
    expect(routePaths.has("/evidenceTaken/totalEvidenceTaken/guidance")).toBe(false);
    expect(routePaths.has("/evidenceTaken/liveRecord/new")).toBe(false);
  });

  it("lists no path twice and every redirect leads to a page", () => {
    expect(routes.length).toBe(routePaths.size);
    for (const [from, to] of redirects) {
      expect(routePaths.has(to), `${from} → ${to}`).toBe(true);
      expect(routePaths.has(from), `${from} is both a page and a redirect`).toBe(false);
    }
  });

  it("every page path is matched exactly by react-router as its own route", () => {
    for (const path of routePaths) {
      const matching = [...routePaths].filter((pattern) => matchPath({ path: pattern, caseSensitive: true, end: true }, path));
      expect(matching).toEqual([path]);
    }
  });
});
