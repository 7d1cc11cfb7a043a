import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyCertificate, type CertificateVerificationInput } from "../../../src/verification/certificate-checks.js";
import type { IdentityApproval } from "../../../src/schema/certificate.js";
import type { HolderIdentityInput } from "../../../src/verification/holder-identity-check.js";
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
    holderIdentity: { approval: issued.identity.approval, entry: issued.identity.entryText, proofBundle: issued.identity.proofBundle },
    file: digests(issued.content),
    ...input,
  });
  return { ok: result.ok, ...Object.fromEntries(result.checks.map((check) => [check.id, check.status])) };
}

/** The certificate's holder identity with some of it changed. */
type IdentityChanges = Omit<Partial<HolderIdentityInput>, "approval"> & { approval?: Partial<IdentityApproval> | null };
const identity = (changes: IdentityChanges = {}): Partial<CertificateVerificationInput> => {
  const { approval, ...rest } = changes;
  return {
    holderIdentity: {
      entry: issued.identity.entryText,
      proofBundle: issued.identity.proofBundle,
      ...rest,
      approval: approval === null ? null : { ...issued.identity.approval, ...approval },
    },
  };
};
const reasonOf = (input: Partial<CertificateVerificationInput>, id: string) => verifyCertificate({ entry: issued.entryBytes, proofBundle: issued.proofBundle, verifierKeys: [issued.keys.verifierKey], ...input }).checks.find((check) => check.id === id)?.reason;

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
      "identity-entry": "pass",
      "identity-inclusion": "pass",
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

describe("verifyCertificate: the holder's identity approval", () => {
  it("proves an approval logged before the evidence and included under the evidence's own checkpoint", () => {
    expect(statuses()).toMatchObject({ ok: true, "identity-entry": "pass", "identity-inclusion": "pass" });
    expect(reasonOf(identity(), "identity-inclusion")).toBe(`审核记录（账本序号 ${issued.identity.approval.ledgerIndex}）包含在证明证据记录的同一签名检查点（树大小 ${issued.facts.treeSize}）中`);
  });

  it("checks nothing, and fails nothing, for a certificate saying the holder was not verified", () => {
    expect(statuses(identity({ approval: null }))).toMatchObject({ ok: true, "identity-entry": "skip", "identity-inclusion": "skip" });
    expect(reasonOf(identity({ approval: null }), "identity-entry")).toContain("未经平台核验");
  });

  it("runs no identity check on a certificate that states nothing of it (issued before)", () => {
    expect(statuses({ holderIdentity: undefined })).not.toHaveProperty("identity-entry");
  });

  it.each([
    ["the claimed ledger index", identity({ approval: { ledgerIndex: issued.identity.approval.ledgerIndex + 1 } }), "identity-inclusion"],
    ["the bundle's index line", identity({ proofBundle: issued.identity.proofBundle.replace(/^index \d+$/m, `index ${issued.identity.approval.ledgerIndex + 1}`) }), "identity-inclusion"],
    ["the entry (its time)", identity({ entry: issued.identity.entryText.replace(/"time":\d+/, `"time":${issued.identity.approval.time + 1}`) }), "identity-inclusion"],
    ["the claimed time", identity({ approval: { time: issued.identity.approval.time + 1 } }), "identity-entry"],
    ["the claimed action", identity({ approval: { action: "identity.approved" } }), "identity-entry"],
  ])("fails when %s is changed", (_what, input, failed) => {
    expect(statuses(input)).toMatchObject({ ok: false, [failed]: "fail", inclusion: "pass" });
  });

  it("fails another operator action shown as the approval, though it is genuinely in the log", () => {
    const rejection = identity({ entry: issued.rejection.entryText, proofBundle: issued.rejection.proofBundle, approval: { ledgerIndex: 3, time: issued.identity.approval.time + 60_000 } });
    expect(statuses(rejection)).toMatchObject({ ok: false, "identity-entry": "fail", "identity-inclusion": "pass" });
    expect(reasonOf(rejection, "identity-entry")).toBe("审核记录的操作是 identity.reject，不是身份认证通过（identity.approve）");
  });

  it("fails a genuine proof of the approval under another signed checkpoint than the evidence's", () => {
    const elsewhere = identity({ proofBundle: issued.identity.proofBundleUnderNewer });
    expect(statuses(elsewhere)).toMatchObject({ ok: false, "identity-inclusion": "fail" });
    expect(reasonOf(elsewhere, "identity-inclusion")).toBe("审核记录的证明所用检查点与证据记录的不是同一个签名检查点");
  });

  it("fails an approval later than the evidence", () => {
    const earlierEvidence = issued.entryText.replace(/"time":\d+/, `"time":${issued.identity.approval.time - 1}`);
    expect(statuses({ entry: earlierEvidence })).toMatchObject({ ok: false, "entry-format": "pass", "identity-entry": "fail" });
  });

  it("fails a certificate that claims an approval without its entry and proof", () => {
    expect(statuses({ holderIdentity: { approval: issued.identity.approval } })).toMatchObject({ ok: false, "identity-entry": "fail", "identity-inclusion": "fail" });
  });
});
