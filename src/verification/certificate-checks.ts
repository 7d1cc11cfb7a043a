import { verifyEvidenceBundle } from "../../isomorphic/ledger/verify-bundle";
import { canonicalJson } from "../schema/canonical-json";
import { EvidenceEntrySchema, type EvidenceEntry } from "../schema/evidence-entry";
import { certificateCheck, PREREQUISITE_FAILED, type CertificateCheck } from "./certificate-check";
import { checkHolderIdentity, type HolderIdentityInput } from "./holder-identity-check";
import { nobleLedgerCrypto } from "./ledger-crypto";

/**
 * The complete check of one certificate, the same in the browser (verification pages) and in the
 * offline verifier: the ledger entry's format, the ledger proof (isomorphic/ledger/verify-bundle.ts:
 * bundle format, leaf hash, checkpoint signature, inclusion, optionally consistency with a newer
 * checkpoint), the holder's identity approval where the certificate states one
 * (holder-identity-check.ts) and, when a file is given, its digests against the entry and the checks
 * of the file's own content (a web capture's package: wacz-check.ts; a recording package: recording-check.ts), which fail the verdict as any other.
 */

/** Digests of the file being checked (lowercase hex), computed wherever the file is. */
export interface FileDigests {
  readonly sha256: string;
  readonly sm3?: string;
  readonly size?: number;
}

/**
 * The checks of a file's own content, run against the platform keys and certificate number the
 * certificate is checked with (a recording package's anchors are ledger entries of their own).
 */
export type FileContentChecks = (context: { readonly verifierKeys: readonly string[]; readonly certificateNo?: string }) => readonly CertificateCheck[];

export interface CertificateVerificationInput {
  /** The ledger entry exactly as logged (bytes, or its UTF-8 text). */
  readonly entry: Uint8Array | string;
  /** c2sp.org/tlog-proof@v1 text. */
  readonly proofBundle: string;
  /** The platform's verifier keys (`<name>+<id>+<key>`). */
  readonly verifierKeys: readonly string[];
  /** The certificate number the entry must carry (the one looked up or printed). */
  readonly certificateNo?: string;
  readonly file?: FileDigests;
  /** Checks of the given file's content, listed after its digests (a WACZ's, a recording package's). */
  readonly fileChecks?: FileContentChecks;
  /** The certificate's line on its holder's identity; absent on certificates issued before it existed. */
  readonly holderIdentity?: HolderIdentityInput;
  readonly newerCheckpoint?: string;
  readonly consistencyProof?: readonly Uint8Array[];
}

export interface CertificateVerification {
  /** Every check that ran passed, the entry is proven in the log, and a given file matches it. */
  readonly ok: boolean;
  readonly entry: EvidenceEntry | null;
  readonly checks: readonly CertificateCheck[];
}

function readEntry(entry: Uint8Array | string): { entry: EvidenceEntry | null; check: CertificateCheck } {
  let text: string;
  let json: unknown;
  try {
    text = typeof entry === "string" ? entry : new TextDecoder("utf-8", { fatal: true }).decode(entry);
    json = JSON.parse(text);
  } catch (error) {
    return { entry: null, check: certificateCheck("entry-format", "fail", "证据记录不是有效的 JSON 文本", (error as Error).message) };
  }
  const parsed = EvidenceEntrySchema.safeParse(json);
  if (!parsed.success) return { entry: null, check: certificateCheck("entry-format", "fail", "证据记录缺少字段或字段格式不正确", parsed.error.message) };
  const { data } = parsed;
  // One entry has one spelling (and so one leaf hash): the logged text is its canonical JSON.
  if (canonicalJson(data) !== text) return { entry: null, check: certificateCheck("entry-format", "fail", "证据记录不是规范化 JSON 文本（键序或空白被改动过）") };
  return { entry: data, check: certificateCheck("entry-format", "pass", `证据记录为第 ${data.v} 版格式，证书编号 ${data.certificateNo}`) };
}

function checkDigest(id: "file-sha256" | "file-sm3", algorithm: string, expected: string | undefined, actual: string | undefined, entry: EvidenceEntry | null): CertificateCheck {
  if (!entry) return certificateCheck(id, "skip", PREREQUISITE_FAILED);
  if (actual === undefined || expected === undefined) return certificateCheck(id, "skip", actual === undefined ? "未提供文件" : `证据记录未记载 ${algorithm} 摘要`);
  const given = actual.toLowerCase();
  return given === expected
    ? certificateCheck(id, "pass", `文件的 ${algorithm} 摘要 ${given} 与证据记录一致`)
    : certificateCheck(id, "fail", `文件的 ${algorithm} 摘要与证据记录不一致：文件不是存证时的那一份，或已被改动`, `file ${given}, entry ${expected}`);
}

export function verifyCertificate(input: CertificateVerificationInput): CertificateVerification {
  const read = readEntry(input.entry);
  const { entry } = read;
  const checks: CertificateCheck[] = [read.check];
  if (input.certificateNo !== undefined) {
    checks.push(
      !entry
        ? certificateCheck("certificate-no", "skip", PREREQUISITE_FAILED)
        : entry.certificateNo === input.certificateNo
          ? certificateCheck("certificate-no", "pass", `证据记录的证书编号为 ${entry.certificateNo}`)
          : certificateCheck("certificate-no", "fail", "证据记录的证书编号与所查询的证书编号不同", `entry ${entry.certificateNo}, asked ${input.certificateNo}`),
    );
  }
  const ledger = verifyEvidenceBundle({
    entryBytes: input.entry,
    bundle: input.proofBundle,
    verifierKeys: input.verifierKeys,
    ...(input.newerCheckpoint === undefined ? {} : { newerCheckpoint: input.newerCheckpoint, consistencyProof: input.consistencyProof ?? [] }),
  }, nobleLedgerCrypto);
  checks.push(...ledger.checks);
  if (input.holderIdentity !== undefined) {
    const evidence = { time: entry?.time ?? null, proofBundle: input.proofBundle, verifierKeys: input.verifierKeys };
    checks.push(...checkHolderIdentity(input.holderIdentity, evidence, nobleLedgerCrypto));
  }
  checks.push(checkDigest("file-sha256", "SHA-256", entry?.sha256, input.file?.sha256, entry));
  if (input.file === undefined || input.file.sm3 !== undefined) checks.push(checkDigest("file-sm3", "SM3", entry?.sm3, input.file?.sm3, entry));
  checks.push(...(input.fileChecks?.({ verifierKeys: input.verifierKeys, ...(input.certificateNo === undefined ? {} : { certificateNo: input.certificateNo }) }) ?? []));
  const ok = ledger.ok && entry !== null && checks.every((item) => item.status !== "fail");
  return { ok, entry, checks };
}
