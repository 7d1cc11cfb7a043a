import { Blob as NodeBlob } from "node:buffer";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { WACZ_PATHS } from "../../isomorphic/wacz/wacz-format";
import { buildCapturePackage } from "../../server/capture/package/wacz-writer";
import type { PublicCertificate } from "../../src/schema/certificate";
import { CertificateResult } from "../../src/verification/certificate-result";
import { readVerificationFile } from "../../src/verification/verification-file";
import { packageInput, writeCaptureWarc } from "../unit/capture/capture-package-fixture";
import { issueEntryProof } from "../unit/certificate/certificate-fixture";
import { AntdTestProvider } from "./antd-test-provider";

let wacz: Uint8Array<ArrayBuffer>;
let certificate: PublicCertificate;
let platformKey: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "verify-wacz-"));
  const built = await buildCapturePackage(packageInput(await writeCaptureWarc(dir)), dir);
  wacz = new Uint8Array(readFileSync(built.waczPath));
  const issued = await issueEntryProof(wacz);
  platformKey = issued.keys.verifierKey;
  certificate = {
    certificateNo: issued.facts.certificateNo,
    kind: "webCapture",
    kindLabel: "网页取证",
    holderName: "张*",
    evidenceName: "示*章",
    createdAt: issued.facts.createdAt,
    ledgerIndex: issued.facts.ledgerIndex,
    blockHeight: issued.facts.blockHeight,
    entry: issued.entryText,
    proofBundle: issued.proofBundle,
    timeSource: issued.facts.timeSource,
    holderIdentity: { ...issued.identity.approval, entry: issued.identity.entryText, proofBundle: issued.identity.proofBundle },
  };
});

/** The file as the visitor chooses it (named so nothing hints it is a package), checked as the page does. */
async function showVerified(bytes: Uint8Array<ArrayBuffer>) {
  const read = await readVerificationFile(new File([bytes], "evidence.bin"));
  render(
    <AntdTestProvider>
      <CertificateResult certificate={certificate} platformKey={platformKey} file={read.digests} fileChecks={read.checks} fileName="evidence.bin" />
    </AntdTestProvider>,
  );
  const result = screen.getByTestId("certificate-result");
  const statusOf = (id: string) => result.querySelector(`[data-check="${id}"]`)?.getAttribute("data-status");
  return { result, statusOf };
}

describe("the verification page with a web capture's package as the file", () => {
  it("checks the package inside, beside the certificate's checks, and passes", async () => {
    const { result, statusOf } = await showVerified(wacz);
    expect([statusOf("file-sha256"), statusOf("file-sm3")]).toEqual(["pass", "pass"]);
    expect([statusOf("wacz-structure"), statusOf("wacz-manifest"), statusOf("wacz-files")]).toEqual(["pass", "pass", "pass"]);
    expect(result.getAttribute("data-ok")).toBe("true");
    expect(within(result).getByText("网页取证包内文件与清单记载一致")).toBeTruthy();
  });

  it("fails the verdict and names the package file check when one byte inside has changed", async () => {
    const changed = wacz.slice();
    // Byte 200 lies inside the first stored entry, the WARC (its local header and name take 50 bytes).
    changed[200] ^= 0xff;
    const { result, statusOf } = await showVerified(changed);
    expect([statusOf("wacz-structure"), statusOf("wacz-manifest"), statusOf("wacz-files")]).toEqual(["pass", "pass", "fail"]);
    expect(result.getAttribute("data-ok")).toBe("false");
    expect(within(result).getByText(`包内文件与清单不一致：${WACZ_PATHS.warc} 的 SHA-256 摘要与记载不一致（共 2 处）`)).toBeTruthy();
  });

  it("reads any other file through the hashes alone, with no package checks", async () => {
    // Node's Blob: jsdom's has no stream(), which a browser's has and the hashing of any other file reads.
    const text = new TextEncoder().encode("合同正文");
    const read = await readVerificationFile(new NodeBlob([text]) as Blob);
    expect(read.digests).toEqual({ sha256: createHash("sha256").update(text).digest("hex"), sm3: createHash("sm3").update(text).digest("hex"), size: text.length });
    expect(read.checks({ verifierKeys: [platformKey] })).toEqual([]);
  });
});
