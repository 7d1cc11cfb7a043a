import type { LedgerCrypto } from "../../isomorphic/ledger/crypto";
import { parseProofBundle } from "../../isomorphic/ledger/proof-bundle";
import { verifyEvidenceBundle } from "../../isomorphic/ledger/verify-bundle";
import type { IdentityApproval, PublicCertificate } from "../schema/certificate";
import { IDENTITY_DECISION_ACTIONS } from "../schema/console/identity-review";
import { parseOperatorActionEntry, type OperatorActionEntry } from "../schema/console/operator-action-entry";
import { formatDateTime } from "../schema/format";
import { certificateCheck, PREREQUISITE_FAILED, type CertificateCheck } from "./certificate-check";
import type { CertificateContents } from "./certificate-file";

/**
 * The check of a certificate's line on its holder's identity (issue 13). A certificate that says
 * the holder's identity was approved carries the approval's "operatorAction" ledger entry and its
 * tlog-proof; here the entry must be an identity approval at the time the certificate prints and no
 * later than the evidence, and it must be included, at the index the certificate prints, in the
 * very signed checkpoint that proves the evidence (the same checks as the evidence's own proof).
 *
 * What the ledger cannot show: the entry holds no name (its target is a salted commitment), so the
 * approval's kind and the fact that it is this holder's rest on the platform's word, as the holder's
 * name does.
 */

export interface HolderIdentityInput {
  /** What the certificate states: the approval, or null for "not verified by the platform at that time". */
  readonly approval: IdentityApproval | null;
  /** The approval's entry exactly as logged, and its tlog-proof (both with an approval). */
  readonly entry?: Uint8Array | string;
  readonly proofBundle?: string;
}

/** The evidence side the approval is held against. */
export interface EvidenceContext {
  /** The evidence entry's time; null when the entry could not be read. */
  readonly time: number | null;
  /** The evidence's tlog-proof, whose signed checkpoint the approval must share. */
  readonly proofBundle: string;
  readonly verifierKeys: readonly string[];
}

/** The input from a public verification answer (the pages). */
export function holderIdentityOfAnswer({ holderIdentity }: Pick<PublicCertificate, "holderIdentity">): HolderIdentityInput {
  return holderIdentity ? { approval: holderIdentity, entry: holderIdentity.entry, proofBundle: holderIdentity.proofBundle } : { approval: null };
}

/** The input from a certificate PDF (the offline verifier); undefined when its facts state nothing of the holder's identity (issued before). */
export function holderIdentityOfPdf({ facts, identityProof }: CertificateContents): HolderIdentityInput | undefined {
  const approval = facts?.holderIdentity;
  if (approval === undefined) return undefined;
  return { approval, ...(identityProof ? { entry: identityProof.entry, proofBundle: identityProof.proofBundle } : {}) };
}

const NOT_VERIFIED = "证书载明存证时持有人身份未经平台核验，没有审核记录";
const NOTHING_TO_PROVE = "没有审核记录，也就没有要核对的包含证明";
const PROOF_MISSING = "证书载明持有人身份已经平台审核，却没有附上审核记录及其证明";

export function checkHolderIdentity(input: HolderIdentityInput, evidence: EvidenceContext, crypto: LedgerCrypto): CertificateCheck[] {
  const { approval, entry, proofBundle } = input;
  if (!approval) return [certificateCheck("identity-entry", "skip", NOT_VERIFIED), certificateCheck("identity-inclusion", "skip", NOTHING_TO_PROVE)];
  if (entry === undefined || proofBundle === undefined) {
    return [certificateCheck("identity-entry", "fail", PROOF_MISSING), certificateCheck("identity-inclusion", "fail", PROOF_MISSING)];
  }
  return [checkEntry(approval, readEntry(entry), evidence.time), checkInclusion(approval, { entry, proofBundle }, evidence, crypto)];
}

function readEntry(entry: Uint8Array | string): OperatorActionEntry | null {
  try {
    return parseOperatorActionEntry(typeof entry === "string" ? entry : new TextDecoder("utf-8", { fatal: true }).decode(entry));
  } catch {
    return null;
  }
}

function checkEntry(approval: IdentityApproval, entry: OperatorActionEntry | null, evidenceTime: number | null): CertificateCheck {
  const fail = (reason: string, detail?: string) => certificateCheck("identity-entry", "fail", reason, detail);
  if (!entry) return fail("审核记录不是规范化的 operatorAction 账本记录");
  if (entry.action !== IDENTITY_DECISION_ACTIONS.approve) return fail(`审核记录的操作是 ${entry.action}，不是身份认证通过（${IDENTITY_DECISION_ACTIONS.approve}）`);
  if (approval.action !== entry.action) return fail("证书所载的操作与审核记录不一致", `certificate ${approval.action}, entry ${entry.action}`);
  if (entry.time !== approval.time) return fail("证书所载的审核时间与审核记录不一致", `certificate ${approval.time}, entry ${entry.time}`);
  if (evidenceTime === null) return certificateCheck("identity-entry", "skip", PREREQUISITE_FAILED);
  if (entry.time > evidenceTime) return fail("审核通过的时间晚于存证时间，不能证明存证时持有人的身份", `approval ${entry.time}, evidence ${evidenceTime}`);
  return certificateCheck("identity-entry", "pass", `账本记录为 operatorAction ${entry.action}，${formatDateTime(entry.time)} 审核通过，不晚于存证时间`);
}

function checkInclusion(approval: IdentityApproval, proof: { entry: Uint8Array | string; proofBundle: string }, evidence: EvidenceContext, crypto: LedgerCrypto): CertificateCheck {
  const fail = (reason: string, detail?: string) => certificateCheck("identity-inclusion", "fail", reason, detail);
  const ledger = verifyEvidenceBundle({ entryBytes: proof.entry, bundle: proof.proofBundle, verifierKeys: evidence.verifierKeys }, crypto);
  const failed = ledger.checks.find((check) => check.status === "fail");
  if (!ledger.ok || !ledger.checkpoint) return fail(`审核记录的证明未通过：${failed ? `${failed.name}——${failed.reason}` : "包含证明未能核对"}`, failed?.detail);
  const bundle = parseProofBundle(proof.proofBundle);
  if (bundle.index !== approval.ledgerIndex) return fail(`证明包中审核记录的账本序号为 ${bundle.index}，与证书所载的 ${approval.ledgerIndex} 不一致`);
  let evidenceCheckpoint: string;
  try {
    evidenceCheckpoint = parseProofBundle(evidence.proofBundle).checkpoint;
  } catch {
    return certificateCheck("identity-inclusion", "skip", PREREQUISITE_FAILED);
  }
  if (bundle.checkpoint !== evidenceCheckpoint) return fail("审核记录的证明所用检查点与证据记录的不是同一个签名检查点");
  return certificateCheck("identity-inclusion", "pass", `审核记录（账本序号 ${bundle.index}）包含在证明证据记录的同一签名检查点（树大小 ${ledger.checkpoint.size}）中`);
}
