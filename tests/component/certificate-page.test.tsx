import { createHash } from "node:crypto";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { CERTIFICATE_ENDPOINTS, type PublicCertificate } from "../../src/schema/certificate";
import type { Endpoint } from "../../src/schema/contract";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence";
import { registryPath } from "../../src/resources/registry-paths";
import { issueEntryProof } from "../unit/certificate/certificate-fixture";
import { ok } from "./account-harness";
import { renderPersonal } from "./personal-harness";

/**
 * The holder's certificate page (issue 11): only the rows that apply to the record, the original
 * and attachments offered for download under what they are, and a file picker that checks an
 * original in this browser against the record.
 */

const ROUTES = deriveRoutes(REGISTRY);
let issued: Awaited<ReturnType<typeof issueEntryProof>>;
let certificate: PublicCertificate;
const digest = (algorithm: string, bytes: Uint8Array) => createHash(algorithm).update(bytes).digest("hex");

beforeAll(async () => {
  // The record kinds are built on pro-components, whose first import alone takes seconds in jsdom.
  await import("../../src/pages/kinds/certificate-page");
  issued = await issueEntryProof();
  const entry = JSON.parse(issued.entryText);
  certificate = {
    certificateNo: entry.certificateNo,
    kind: "file",
    kindLabel: "文件存证",
    holderName: "张*",
    evidenceName: "审*****件",
    createdAt: entry.time,
    ledgerIndex: issued.facts.ledgerIndex,
    blockHeight: 2,
    entry: issued.entryText,
    proofBundle: issued.proofBundle,
    timeSource: issued.facts.timeSource,
    holderIdentity: null,
  };
}, 60_000);
afterEach(() => vi.unstubAllGlobals());

/** A record as the server answers it (src/schema/evidence.ts EvidenceRecordSchema). */
const record = (overrides: Record<string, unknown> = {}) => ({
  id: 11,
  certificateNo: certificate.certificateNo,
  kind: "file",
  name: "审计合同文件",
  holderName: "张三",
  size: issued.content.length,
  sha256: digest("sha256", issued.content),
  sm3: digest("sm3", issued.content),
  createTime: certificate.createdAt,
  ledgerIndex: certificate.ledgerIndex,
  blockHeight: 2,
  status: "stored",
  parentId: null,
  affair: null,
  hasContent: true,
  original: { label: "原始文件", fileName: "contract.txt" },
  attachments: [],
  childCount: null,
  details: { fileName: "contract.txt" },
  ...overrides,
});

function open(path: string, endpoint: Endpoint, answer: Record<string, unknown>) {
  // The platform key comes from /ledger/vkey over plain fetch.
  vi.stubGlobal("fetch", async () => ({ ok: true, status: 200, text: async () => issued.keys.verifierKey }));
  const route = ROUTES.find((candidate) => candidate.path === path)!;
  return renderPersonal({ path: `${path}?id=${answer.id}`, element: <SectionRouteElement route={route} />, script: { [endpoint.path]: ok(answer), [CERTIFICATE_ENDPOINTS.verifyByCertificateNo.path]: ok(certificate) } });
}

/** The labels of the record's rows (the Descriptions above the certificate card). */
async function rowLabels() {
  await screen.findByText("审计合同文件", {}, { timeout: 10_000 });
  return [...document.querySelectorAll(".ant-descriptions-item-label")].map((cell) => cell.textContent);
}

describe("the certificate page's rows", () => {
  it("shows a file record without the rows that do not apply (所属事务, 子存证数, 附件, internal id)", async () => {
    open(registryPath("evidenceSave/fileEvidence", "dataList/Certificate"), KINDS.file.one, record());
    const labels = await rowLabels();
    expect(labels).toEqual(expect.arrayContaining(["证书编号", "存证名称", "SHA-256", "SM3", "原件", "详细信息"]));
    for (const absent of ["所属事务", "所属事务编号", "现有子存证数", "附件", "编号"]) expect(labels).not.toContain(absent);
    expect(screen.getByText(/下载文件名：contract\.txt/)).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "原始文件" })).toHaveAttribute("download");
  });

  it("names a child's affair by its name and certificate number, never by an internal id", async () => {
    const affair = { id: 7, name: "采购事务", certificateNo: "HZ0123456789ABCDEFGHJKMN" };
    open(registryPath("evidenceSave/affairEvidence", "dataList/childDataList/Certificate"), KINDS.affair.one, record({ parentId: 7, affair }));
    const labels = await rowLabels();
    expect(labels).toContain("所属事务");
    expect(screen.getByText(/事务名称：采购事务/)).toBeInTheDocument();
    expect(screen.getByText(/事务证书编号：HZ0123456789ABCDEFGHJKMN/)).toBeInTheDocument();
    expect(labels).not.toContain("所属事务编号");
  });

  it("lists a voucher's attachments, each with its own download link", async () => {
    const attachments = [{ index: 0, fileName: "回单.pdf", size: 10, sha256: "a".repeat(64), sm3: "b".repeat(64) }];
    open(registryPath("evidenceSave/voucherEvidence", "dataList/Certificate"), KINDS.voucher.one, record({ kind: "voucher", attachments, original: { label: "凭证原文（JSON）", fileName: "审计合同文件-交易凭证.json" }, details: {} }));
    expect(await rowLabels()).toContain("附件");
    const link = await screen.findByRole("link", { name: "附件：回单.pdf" });
    expect(link.getAttribute("href")).toMatch(/part=attachment/);
    expect(link.getAttribute("href")).toMatch(/index=0/);
    expect(screen.getByRole("link", { name: "凭证原文（JSON）" })).toBeInTheDocument();
  });
});

describe("checking an original on the holder's certificate page", () => {
  it("hashes the chosen file in the browser and says plainly whether it is the stored one", async () => {
    const { calls } = open(registryPath("evidenceSave/fileEvidence", "dataList/Certificate"), KINDS.file.one, record());
    const check = await screen.findByTestId("original-file-check", {}, { timeout: 10_000 });
    const input = within(check).getByLabelText("选择原文件核对");

    await userEvent.upload(input, new File([Uint8Array.from(issued.content)], "contract.txt"));
    expect(await within(check).findByText("一致：该文件就是存证时的文件")).toBeInTheDocument();
    // The certificate's own checks now include the file's digests against the ledger entry.
    const result = await screen.findByTestId("certificate-result");
    expect(await within(result).findByText("文件与存证记录一致，存证记录包含在平台签名的账本中。")).toBeInTheDocument();

    const changed = Uint8Array.from(issued.content);
    changed[0] ^= 1;
    await userEvent.upload(input, new File([changed], "contract-changed.txt"));
    expect(await within(check).findByText("不一致：该文件不是存证时的文件")).toBeInTheDocument();
    expect(within(check).getByText(/SHA-256、SM3 摘要与存证记录不同/)).toBeInTheDocument();
    expect(await within(result).findByText("核验未通过")).toBeInTheDocument();
    // Nothing was sent anywhere but the two lookups: the file stays on this computer.
    expect(calls.every((call) => !Object.values(call.params).some((value) => value instanceof Blob))).toBe(true);
  });
});

describe("the holder's identity on the certificate card", () => {
  it.each([
    ["an approval, proven in this browser", true, "个人实名认证已通过（平台审核于 2026-01-01 07:50:00），账本序号 2，区块高度 1", "pass"],
    ["that the holder was not verified", false, "存证时持有人身份未经平台核验", "skip"],
  ])("states %s", async (_case, isApproved, line, status) => {
    const plain = certificate;
    const { approval, entryText, proofBundle } = issued.identity;
    certificate = { ...plain, holderIdentity: isApproved ? { ...approval, entry: entryText, proofBundle } : null };
    try {
      open(registryPath("evidenceSave/fileEvidence", "dataList/Certificate"), KINDS.file.one, record());
      const result = await screen.findByTestId("certificate-result", {}, { timeout: 10_000 });
      expect(within(result).getByText(line)).toBeInTheDocument();
      expect(result.querySelector('[data-check="identity-inclusion"]')).toHaveAttribute("data-status", status);
      expect(result).toHaveAttribute("data-ok", "true");
    } finally {
      certificate = plain;
    }
  });
});
