import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyCertificate, type CertificateVerificationInput } from "../../../src/verification/certificate-checks.js";
import { issueCertificate } from "./certificate-fixture.js";

const issued = await issueCertificate();
const digests = (bytes: Uint8Array) => ({
  sha256: createHash("sha256").update(bytes).digest("hex"),
  sm3: createHash("sm3").update(bytes).digest("hex"),
  size: bytes.length,
});

function statuses(input: Partial<CertificateVerificationInput> = {}) {
  const result = verifyCertificate({
    entry: issued.entryBytes,
    proofBundle: issued.proofBundle,
    verifierKeys: [issued.keys.verifierKey],
    certificateNo: issued.facts.certificateNo,
    file: digests(issued.content),
    ...input,
  });
  return { ok: result.ok, ...Object.fromEntries(result.checks.map((check) => [check.id, check.status])) };
}

describe("verifyCertificate", () => {
  it("passes every check for a genuine certificate and its file", () => {
    expect(statuses()).toEqual({
      ok: true,
      "entry-format": "pass",
      "certificate-no": "pass",
      "bundle-format": "pass",
      "leaf-hash": "pass",
      "checkpoint-signature": "pass",
      inclusion: "pass",
      consistency: "skip",
      "file-sha256": "pass",
      "file-sm3": "pass",
    });
  });

  it("fails both digest checks for a changed file, while the ledger proof of the entry still holds", () => {
    const changed = Uint8Array.from(issued.content);
    changed[0] ^= 1;
    expect(statuses({ file: digests(changed) })).toMatchObject({ ok: false, inclusion: "pass", "file-sha256": "fail", "file-sm3": "fail" });
  });

  it("fails the leaf hash and inclusion checks for an altered entry", () => {
    const altered = issued.entryText.replace(/"size":\d+/, `"size":${issued.content.length + 1}`);
    expect(statuses({ entry: altered })).toMatchObject({ ok: false, "entry-format": "pass", "leaf-hash": "fail", inclusion: "fail" });
  });

  it("refuses an entry that is not canonical JSON", () => {
    expect(statuses({ entry: JSON.stringify(JSON.parse(issued.entryText), null, 1) })).toMatchObject({ ok: false, "entry-format": "fail", "file-sha256": "skip" });
  });

  it("fails the signature check for a tampered signature or a different platform key", async () => {
    const lines = issued.proofBundle.split("\n");
    const signatureLine = lines.findIndex((line) => line.startsWith("— "));
    const signature = lines[signatureLine];
    const flipped = signature.slice(0, -6) + (signature.at(-6) === "A" ? "B" : "A") + signature.slice(-5);
    const tampered = [...lines.slice(0, signatureLine), flipped, ...lines.slice(signatureLine + 1)].join("\n");
    expect(statuses({ proofBundle: tampered })).toMatchObject({ ok: false, "checkpoint-signature": "fail", inclusion: "skip" });
    const other = await issueCertificate();
    expect(statuses({ verifierKeys: [other.keys.verifierKey] })).toMatchObject({ ok: false, "checkpoint-signature": "fail" });
  });

  it("fails inclusion for a tampered proof hash", () => {
    const lines = issued.proofBundle.split("\n");
    const proofLine = lines.findIndex((line, index) => index > 2 && line !== "" && !line.startsWith("index"));
    lines[proofLine] = Buffer.from(new Uint8Array(32).fill(7)).toString("base64");
    expect(statuses({ proofBundle: lines.join("\n") })).toMatchObject({ ok: false, "checkpoint-signature": "pass", inclusion: "fail" });
  });

  it("fails the certificate number check when the entry names another certificate", () => {
    expect(statuses({ certificateNo: "HZ0000000000000000" })).toMatchObject({ ok: false, "certificate-no": "fail" });
  });

  it("checks consistency with a newer checkpoint when given", () => {
    expect(statuses({ newerCheckpoint: issued.newerCheckpoint, consistencyProof: issued.consistencyProof })).toMatchObject({
      ok: true,
      "newer-checkpoint-signature": "pass",
      consistency: "pass",
    });
    expect(statuses({ newerCheckpoint: issued.newerCheckpoint, consistencyProof: issued.consistencyProof.slice(1) })).toMatchObject({ ok: false, consistency: "fail" });
  });
});
