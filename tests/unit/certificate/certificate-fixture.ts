/**
 * A real certificate for tests and benchmarks: a small ledger (isomorphic/ and server/ledger, in memory) holding a
 * genuine evidence entry for `content` between other entries, a platform-signed checkpoint, the
 * entry's tlog-proof and the rendered PDF. Nothing is faked: every check must pass on it. Before the
 * evidence the ledger holds the holder's identity approval (an operatorAction entry, proven under
 * the same checkpoint, as the certificate carries it) and a rejection of another application.
 */
import { createHash } from "node:crypto";
import { CheckpointSigner } from "../../../server/ledger/checkpoint-signer.js";
import { CompactRange } from "../../../server/ledger/compact-range.js";
import { generateConsistencyProof } from "../../../isomorphic/ledger/consistency.js";
import { encodeBase64 } from "../../../isomorphic/ledger/encoding.js";
import { hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import { MemoryNodeStore } from "../../support/memory-node-store.js";
import { generateNoteKeys, parseSignerKey } from "../../../server/ledger/signer-keys.js";
import { createProofBundle, formatProofBundle } from "../../../isomorphic/ledger/proof-bundle.js";
import { sha256 } from "../../../server/ledger/node-crypto.js";
import { renderCertificatePdf } from "../../../server/modules/certificate/certificate-pdf.js";
import type { CertificateFacts } from "../../../src/schema/certificate.js";
import { generateCertificateNo } from "../../../src/schema/certificate-no.js";
import { buildOperatorActionEntry } from "../../../src/schema/console/operator-action-entry.js";
import { buildEvidenceEntry } from "../../../src/schema/evidence-entry.js";

export const ORIGIN = "hengzheng.test/evidence-log";
/** Where the holder's identity approval and an unrelated rejection sit, before the evidence (index 5 unless given). */
const APPROVAL_INDEX = 2;
const REJECTION_INDEX = 3;

export async function issueCertificate(content?: Uint8Array, options: { index?: number; size?: number; certificateNo?: string } = {}) {
  const issued = await issueEntryProof(content, options);
  const identityProof = { entry: issued.identity.entryText, proofBundle: issued.identity.proofBundle };
  const pdf = await renderCertificatePdf({ facts: issued.facts, entryBytes: issued.entryBytes, proofBundle: issued.proofBundle, identityProof, issuedAt: 1_767_225_660_000 });
  return { ...issued, pdf };
}

/** Everything of a certificate but its PDF (for tests where pdfkit cannot run, such as jsdom). */
export async function issueEntryProof(content: Uint8Array = new TextEncoder().encode("合同正文：甲方与乙方……"), options: { index?: number; size?: number; certificateNo?: string } = {}) {
  const keys = generateNoteKeys(ORIGIN);
  const index = options.index ?? 5;
  const treeSize = options.size ?? 9;
  const digest = (algorithm: string) => createHash(algorithm).update(content).digest("hex");
  const certificateNo = options.certificateNo ?? generateCertificateNo();
  const { text: entryText } = buildEvidenceEntry({
    kind: "file",
    certificateNo,
    sha256: digest("sha256"),
    sm3: digest("sm3"),
    size: content.length,
    time: 1_767_225_600_000,
    meta: "ab".repeat(32),
  });
  const entryBytes = new TextEncoder().encode(entryText);
  const approval = { kind: "person" as const, action: "identity.approve", ledgerIndex: APPROVAL_INDEX, blockHeight: 1, time: 1_767_225_000_000 };
  const approvalText = buildOperatorActionEntry({ action: approval.action, auditId: 7, time: approval.time, meta: "cd".repeat(32) }).text;
  const rejectionText = buildOperatorActionEntry({ action: "identity.reject", auditId: 8, time: approval.time + 60_000, meta: "ef".repeat(32) }).text;
  const logged: Record<number, string> = { [APPROVAL_INDEX]: approvalText, [REJECTION_INDEX]: rejectionText, [index]: entryText };
  const leaves = Array.from({ length: treeSize + 4 }, (_, i) => new TextEncoder().encode(logged[i] ?? `other entry ${i}`));
  const store = new MemoryNodeStore();
  const range = CompactRange.empty();
  const signer = new CheckpointSigner({ origin: ORIGIN, signers: [parseSignerKey(keys.signerKey).signer] });
  range.appendAll(leaves.slice(0, treeSize).map((leaf) => hashLeaf(leaf, sha256)), store.put);
  const rootHash = range.root();
  const checkpoint = await signer.sign({ size: treeSize, rootHash });
  range.appendAll(leaves.slice(treeSize).map((leaf) => hashLeaf(leaf, sha256)), store.put);
  const newerCheckpoint = await signer.sign({ size: leaves.length, rootHash: range.root() }, (from, to) => generateConsistencyProof(from, to, store.reader, sha256));
  const consistencyProof = await generateConsistencyProof(treeSize, leaves.length, store.reader, sha256);
  const bundleOf = async (at: number, signedCheckpoint = checkpoint) =>
    formatProofBundle(await createProofBundle({ index: at, leafHash: hashLeaf(leaves[at], sha256), signedCheckpoint, getNodeHash: store.reader }, sha256));
  const proofBundle = await bundleOf(index);
  const identity = {
    approval,
    entryText: approvalText,
    proofBundle: await bundleOf(APPROVAL_INDEX),
    /** A genuine proof of the same approval under another (the newer) signed checkpoint. */
    proofBundleUnderNewer: await bundleOf(APPROVAL_INDEX, newerCheckpoint),
  };
  const rejection = { entryText: rejectionText, proofBundle: await bundleOf(REJECTION_INDEX) };
  const facts: CertificateFacts = {
    certificateNo,
    holderName: "张三",
    evidenceName: "合同扫描件.pdf",
    kind: "file",
    kindLabel: "文件存证",
    size: content.length,
    sha256: digest("sha256"),
    sm3: digest("sm3"),
    createdAt: 1_767_225_600_000,
    ledgerIndex: index,
    blockHeight: 2,
    logOrigin: ORIGIN,
    treeSize,
    rootHash: encodeBase64(rootHash),
    verifierKey: keys.verifierKey,
    timeSource: "时间为本平台服务器时间，未经第三方可信时间戳机构认证",
    verifyUrl: `http://127.0.0.1:8080/info/certificate?no=${certificateNo}`,
    holderIdentity: approval,
  };
  return { keys, content, entryText, entryBytes, proofBundle, checkpoint, newerCheckpoint, consistencyProof, facts, identity, rejection };
}
