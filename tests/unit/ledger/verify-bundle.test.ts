import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CheckpointSigner } from "../../../server/ledger/checkpoint-signer.js";
import { generateConsistencyProof } from "../../../isomorphic/ledger/consistency.js";
import { generateNoteKeys, parseSignerKey } from "../../../server/ledger/signer-keys.js";
import { createProofBundle, formatProofBundle, parseProofBundle } from "../../../isomorphic/ledger/proof-bundle.js";
import { verifyEvidenceBundle, type EvidenceBundleInput } from "../../../isomorphic/ledger/verify-bundle.js";
import { nodeLedgerCrypto, sha256 } from "../../../server/ledger/node-crypto.js";
import { buildTree, flipBit, PROPERTY_TIMEOUT } from "./support.js";

const ORIGIN = "evidence.example.cn/log";
const platform = generateNoteKeys(ORIGIN);
const { leaves, leafHashes, store, rootAt } = buildTree(300);

async function issue() {
  const signer = new CheckpointSigner({ origin: ORIGIN, signers: [parseSignerKey(platform.signerKey).signer] });
  const older = await signer.sign({ size: 200, rootHash: rootAt(200) });
  const newer = await signer.sign({ size: 300, rootHash: rootAt(300) }, (from, to) => generateConsistencyProof(from, to, store.reader, sha256));
  const bundle = formatProofBundle(await createProofBundle({ index: 123, leafHash: leafHashes[123], signedCheckpoint: older, getNodeHash: store.reader }, sha256));
  const consistencyProof = await generateConsistencyProof(200, 300, store.reader, sha256);
  return { bundle, newer, consistencyProof };
}
const issued = await issue();

function statuses(input: Partial<EvidenceBundleInput> = {}) {
  const result = verifyEvidenceBundle({
    entryBytes: leaves[123],
    bundle: issued.bundle,
    verifierKeys: [platform.verifierKey],
    newerCheckpoint: issued.newer,
    consistencyProof: issued.consistencyProof,
    ...input,
  }, nodeLedgerCrypto);
  return { ok: result.ok, ...Object.fromEntries(result.checks.map((check) => [check.id, check.status])) };
}

describe("verifyEvidenceBundle", () => {
  it("passes every check for a genuine entry, bundle and newer checkpoint", () => {
    const result = verifyEvidenceBundle({
      entryBytes: new TextDecoder().decode(leaves[123]),
      bundle: issued.bundle,
      verifierKeys: [platform.verifierKey],
      newerCheckpoint: issued.newer,
      consistencyProof: issued.consistencyProof,
    }, nodeLedgerCrypto);
    expect(result.ok).toBe(true);
    expect(result.checkpoint?.size).toBe(200);
    expect(result.checks.map((check) => [check.name, check.status])).toEqual([
      ["证明包格式正确", "pass"],
      ["叶子哈希与证据记录一致", "pass"],
      ["检查点签名有效（平台密钥）", "pass"],
      ["包含证明与签名检查点一致", "pass"],
      ["更新的检查点签名有效（平台密钥）", "pass"],
      ["与更新的检查点一致", "pass"],
    ]);
    expect(result.checks.find((check) => check.id === "inclusion")?.reason).toBe("证据记录（序号 123）包含在大小为 200 的日志树中");
  });

  it("skips the consistency check when no newer checkpoint is given", () => {
    expect(statuses({ newerCheckpoint: undefined, consistencyProof: undefined })).toEqual({
      ok: true,
      "bundle-format": "pass",
      "leaf-hash": "pass",
      "checkpoint-signature": "pass",
      inclusion: "pass",
      consistency: "skip",
    });
  });

  it("says the record was changed when the entry does not hash to the bundle's leaf", () => {
    const result = verifyEvidenceBundle({ entryBytes: leaves[124], bundle: issued.bundle, verifierKeys: [platform.verifierKey] }, nodeLedgerCrypto);
    expect(result.ok).toBe(false);
    expect(result.checks.find((check) => check.id === "leaf-hash")).toMatchObject({ status: "fail", reason: expect.stringContaining("证据记录可能已被修改") });
    expect(result.checks.find((check) => check.id === "inclusion")?.status).toBe("fail");
  });

  it("still decides by the inclusion proof when the bundle carries no leaf hash", () => {
    const { extra: _, ...bare } = parseProofBundle(issued.bundle);
    expect(statuses({ bundle: bare, newerCheckpoint: undefined })).toMatchObject({ ok: true, "leaf-hash": "skip", inclusion: "pass" });
    expect(statuses({ bundle: bare, entryBytes: leaves[124], newerCheckpoint: undefined })).toMatchObject({ ok: false, "leaf-hash": "skip", inclusion: "fail" });
  });

  it("refuses a checkpoint not signed by the platform's key, and a malformed key", () => {
    const stranger = generateNoteKeys(ORIGIN);
    expect(statuses({ verifierKeys: [stranger.verifierKey] })).toMatchObject({ ok: false, "checkpoint-signature": "fail", inclusion: "skip", consistency: "skip" });
    expect(statuses({ verifierKeys: ["not a key"] })).toMatchObject({ ok: false, "checkpoint-signature": "fail" });
  });

  it("refuses a newer checkpoint that is not consistent with the bundle's", async () => {
    // the same key signing another history of size 300 (a fork): the bundle still verifies on its own
    const forkSigner = new CheckpointSigner({ origin: ORIGIN, signers: [parseSignerKey(platform.signerKey).signer] });
    const forked = await forkSigner.sign({ size: 300, rootHash: flipBit(rootAt(300), 9) });
    expect(statuses({ newerCheckpoint: forked })).toMatchObject({ ok: false, inclusion: "pass", "newer-checkpoint-signature": "pass", consistency: "fail" });
    expect(statuses({ consistencyProof: [] })).toMatchObject({ ok: false, consistency: "fail" });
  });

  it("reports an unreadable bundle without throwing", () => {
    expect(statuses({ bundle: "garbage" })).toMatchObject({ ok: false, "bundle-format": "fail", "leaf-hash": "skip", "checkpoint-signature": "skip", inclusion: "skip" });
  });

  it("fails when the extra line no longer holds a 32-byte hash (found by the property below)", () => {
    const altered = issued.bundle.replace(/^(extra [A-Za-z0-9+/]{43})=$/m, "$15");
    expect(altered).not.toBe(issued.bundle);
    expect(statuses({ bundle: altered })).toMatchObject({ ok: false, "leaf-hash": "fail" });
  });

  it("fails once any bit of the bundle text is flipped", () => {
    const bytes = new TextEncoder().encode(issued.bundle);
    fc.assert(
      fc.property(fc.nat(bytes.length * 8 - 1), (bit) => {
        let text: string;
        try {
          text = new TextDecoder("utf-8", { fatal: true }).decode(flipBit(bytes, bit));
        } catch {
          return; // not text any more: nothing a user could paste
        }
        expect(verifyEvidenceBundle({ entryBytes: leaves[123], bundle: text, verifierKeys: [platform.verifierKey] }, nodeLedgerCrypto).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  }, PROPERTY_TIMEOUT);
});
