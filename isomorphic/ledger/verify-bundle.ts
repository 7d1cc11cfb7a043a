/**
 * The complete offline check of one piece of evidence: its ledger entry, its tlog-proof bundle, the
 * platform's verifier keys and, optionally, a newer checkpoint with a consistency proof. Pure and
 * synchronous, given the caller's primitives (crypto.ts); shared by the offline CLI verifier, the
 * verification pages and the server's tests.
 *
 * Each check reports pass / fail / skip (skip: not requested, or a check it depends on failed) with a
 * Chinese reason for the user and, on failure, an English technical detail. The evidence is proven
 * to be in the log (`ok`) when no check failed and the inclusion check passed.
 */
import { openCheckpoint, type Checkpoint, type CheckpointVerification } from "./checkpoint.js";
import { checkConsistencyProof } from "./consistency.js";
import type { LedgerCrypto } from "./crypto.js";
import { bytesEqual, encodeHex, encodeUtf8 } from "./encoding.js";
import type { ProofFailure } from "./errors.js";
import { HASH_SIZE, hashLeaf } from "./hashing.js";
import { checkInclusionProof } from "./inclusion.js";
import { parseVerifierKey, type NoteVerifier } from "./note-keys.js";
import { parseProofBundle, type ProofBundle } from "./proof-bundle.js";

export const CHECK_NAMES = {
  "bundle-format": "证明包格式正确",
  "leaf-hash": "叶子哈希与证据记录一致",
  "checkpoint-signature": "检查点签名有效（平台密钥）",
  inclusion: "包含证明与签名检查点一致",
  "newer-checkpoint-signature": "更新的检查点签名有效（平台密钥）",
  consistency: "与更新的检查点一致",
} as const;

export type CheckId = keyof typeof CHECK_NAMES;
export type CheckStatus = "pass" | "fail" | "skip";

export interface VerificationCheck {
  readonly id: CheckId;
  readonly name: string;
  readonly status: CheckStatus;
  readonly reason: string;
  readonly detail?: string;
}

export interface EvidenceBundleInput {
  /** The ledger entry exactly as logged (its canonical JSON bytes, or that text). */
  readonly entryBytes: Uint8Array | string;
  /** The tlog-proof text, or an already parsed bundle. */
  readonly bundle: string | ProofBundle;
  /** Trusted keys, as `<name>+<id>+<key>` strings or parsed verifiers. */
  readonly verifierKeys: readonly (string | NoteVerifier)[];
  /** A later signed checkpoint of the same log, to show the log was not rewritten since. */
  readonly newerCheckpoint?: string;
  /** RFC 9162 §2.1.4 proof from the bundle's checkpoint size to the newer one. */
  readonly consistencyProof?: readonly Uint8Array[];
}

export interface EvidenceBundleVerification {
  readonly ok: boolean;
  readonly leafHash: Uint8Array;
  readonly checkpoint: Checkpoint | null;
  readonly checks: readonly VerificationCheck[];
}

const SIGNATURE_FAILURES: Record<Extract<CheckpointVerification, { ok: false }>["failure"], string> = {
  malformed: "检查点格式无效",
  "bad-signature": "检查点上平台密钥的签名无效，检查点可能被篡改",
  "duplicate-signature": "同一密钥在检查点上签名了两次",
  "no-known-signature": "检查点上没有平台密钥的签名",
};

const PROOF_SHAPE_FAILURE = "证明中的哈希个数与树的形状不符";
const INCLUSION_FAILURES: Record<ProofFailure, string> = {
  "out-of-range": "证据序号不在检查点所记录的树的范围内",
  "malformed-hash": "包含证明中的哈希长度无效",
  "proof-too-long": PROOF_SHAPE_FAILURE,
  "proof-too-short": PROOF_SHAPE_FAILURE,
  "root-mismatch": "按包含证明算出的根哈希与签名检查点不一致",
};
const CONSISTENCY_FAILURES: Record<ProofFailure, string> = {
  "out-of-range": "两个检查点的树大小无法比较",
  "malformed-hash": "一致性证明中的哈希长度无效",
  "proof-too-long": PROOF_SHAPE_FAILURE,
  "proof-too-short": PROOF_SHAPE_FAILURE,
  "root-mismatch": "一致性证明不成立：日志可能被改写",
};

const PREREQUISITE_FAILED = "前置检查未通过，无法进行此项检查";

function check(id: CheckId, status: CheckStatus, reason: string, detail?: string): VerificationCheck {
  return { id, name: CHECK_NAMES[id], status, reason, ...(detail === undefined ? {} : { detail }) };
}

function parseKeys(keys: EvidenceBundleInput["verifierKeys"], crypto: LedgerCrypto): NoteVerifier[] | string {
  try {
    return keys.map((key) => (typeof key === "string" ? parseVerifierKey(key, crypto) : key));
  } catch (error) {
    return (error as Error).message;
  }
}

function checkSignature(id: CheckId, note: string, verifiers: NoteVerifier[] | string): { result: VerificationCheck; checkpoint: Checkpoint | null } {
  if (typeof verifiers === "string") return { result: check(id, "fail", "平台公钥格式无效", verifiers), checkpoint: null };
  const opened = openCheckpoint(note, verifiers);
  if (!opened.ok) return { result: check(id, "fail", SIGNATURE_FAILURES[opened.failure], opened.detail), checkpoint: null };
  const { checkpoint } = opened;
  const signers = opened.note.verified.map((signature) => signature.name).join("、");
  return { result: check(id, "pass", `检查点由 ${signers} 签名：日志 ${checkpoint.origin}，树大小 ${checkpoint.size}`), checkpoint };
}

export function verifyEvidenceBundle(input: EvidenceBundleInput, crypto: LedgerCrypto): EvidenceBundleVerification {
  const leafHash = hashLeaf(typeof input.entryBytes === "string" ? encodeUtf8(input.entryBytes) : input.entryBytes, crypto.sha256);
  const checks: VerificationCheck[] = [];
  const hasNewer = input.newerCheckpoint !== undefined;

  let bundle: ProofBundle | null = null;
  try {
    bundle = typeof input.bundle === "string" ? parseProofBundle(input.bundle) : input.bundle;
    checks.push(check("bundle-format", "pass", `证明包为 c2sp.org/tlog-proof@v1 格式，证据序号 ${bundle.index}`));
  } catch (error) {
    checks.push(check("bundle-format", "fail", "证明包不符合 c2sp.org/tlog-proof@v1 格式", (error as Error).message));
  }

  if (!bundle) {
    checks.push(check("leaf-hash", "skip", PREREQUISITE_FAILED));
  } else if (bundle.extra?.length === HASH_SIZE) {
    checks.push(
      bytesEqual(bundle.extra, leafHash)
        ? check("leaf-hash", "pass", `证据记录的叶子哈希 ${encodeHex(leafHash)} 与证明包记载一致`)
        : check("leaf-hash", "fail", "由证据记录算出的叶子哈希与证明包记载的不一致，证据记录可能已被修改", `computed ${encodeHex(leafHash)}, bundle has ${encodeHex(bundle.extra)}`),
    );
  } else if (bundle.extra !== undefined) {
    // A present but malformed extra line means the bundle was altered after it was issued.
    checks.push(check("leaf-hash", "fail", "证明包记载的叶子哈希格式不正确，证明包可能已被改动", `extra has ${bundle.extra.length} bytes, expected ${HASH_SIZE}`));
  } else {
    checks.push(check("leaf-hash", "skip", `证明包未记载叶子哈希；证据记录的叶子哈希 ${encodeHex(leafHash)} 由包含证明核对`));
  }

  const verifiers = parseKeys(input.verifierKeys, crypto);
  let checkpoint: Checkpoint | null = null;
  if (!bundle) {
    checks.push(check("checkpoint-signature", "skip", PREREQUISITE_FAILED));
  } else {
    const signature = checkSignature("checkpoint-signature", bundle.checkpoint, verifiers);
    checks.push(signature.result);
    checkpoint = signature.checkpoint;
  }

  let included = false;
  if (!bundle || !checkpoint) {
    checks.push(check("inclusion", "skip", PREREQUISITE_FAILED));
  } else {
    const proven = checkInclusionProof({ leafHash, index: bundle.index, treeSize: checkpoint.size, proof: bundle.proof, rootHash: checkpoint.rootHash }, crypto.sha256);
    included = proven.ok;
    checks.push(
      proven.ok
        ? check("inclusion", "pass", `证据记录（序号 ${bundle.index}）包含在大小为 ${checkpoint.size} 的日志树中`)
        : check("inclusion", "fail", INCLUSION_FAILURES[proven.failure], proven.failure),
    );
  }

  if (!hasNewer) {
    checks.push(check("consistency", "skip", "未提供更新的检查点"));
  } else {
    const newer = checkSignature("newer-checkpoint-signature", input.newerCheckpoint!, verifiers);
    checks.push(newer.result);
    checks.push(checkAgainstNewer(checkpoint, newer.checkpoint, input.consistencyProof ?? [], crypto));
  }

  const ok = included && checks.every((item) => item.status !== "fail");
  return { ok, leafHash, checkpoint, checks };
}

function checkAgainstNewer(older: Checkpoint | null, newer: Checkpoint | null, proof: readonly Uint8Array[], crypto: LedgerCrypto): VerificationCheck {
  if (!older || !newer) return check("consistency", "skip", PREREQUISITE_FAILED);
  if (older.origin !== newer.origin) return check("consistency", "fail", "两个检查点属于不同的日志", `${older.origin} vs ${newer.origin}`);
  if (newer.size < older.size) return check("consistency", "fail", "所给的“更新的检查点”比证明包中的检查点更旧", `${newer.size} < ${older.size}`);
  const proven = checkConsistencyProof({ size1: older.size, size2: newer.size, rootHash1: older.rootHash, rootHash2: newer.rootHash, proof }, crypto.sha256);
  return proven.ok
    ? check("consistency", "pass", `大小为 ${older.size} 的日志树是大小为 ${newer.size} 的日志树的前缀，日志未被改写`)
    : check("consistency", "fail", CONSISTENCY_FAILURES[proven.failure], proven.failure);
}
