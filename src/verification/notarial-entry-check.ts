import { verifyEvidenceBundle } from "../../isomorphic/ledger/verify-bundle";
import { parseNotarizationEntry } from "../schema/notarization-entry";
import type { ShownCheck } from "./check-list";
import { nobleLedgerCrypto } from "./ledger-crypto";

export interface NotarialEntryInput {
  /** The ledger entry exactly as logged (canonical JSON). */
  entry: string;
  /** Its c2sp.org/tlog-proof@v1 bundle with the signed checkpoint. */
  proofBundle: string;
  /** What the query answered: the number asked for and the certificate PDF's digest. */
  certificateNo: string;
  sha256: string;
  verifierKeys: readonly string[];
}

/**
 * The public query's ledger part repeated in the browser (/info/notaryCertificate): the entry is a
 * notarisation "issue" entry naming this certificate number and this PDF digest, and it is in the
 * log under a checkpoint signed with the platform key (leaf hash, signature, inclusion proof).
 */
export function checkNotarialEntry(input: NotarialEntryInput): { ok: boolean; checks: ShownCheck[] } {
  const entry = parseNotarizationEntry(input.entry);
  const named = entry?.action === "issue" ? entry.certificate : undefined;
  const entryCheck: ShownCheck = !entry
    ? { id: "notarial-entry", name: "出证记录格式正确", status: "fail", reason: "账本记录不是规范的公证出证记录" }
    : !named
      ? { id: "notarial-entry", name: "出证记录格式正确", status: "fail", reason: `账本记录是公证申请的“${entry.action}”记录，不是出证记录` }
      : named.no !== input.certificateNo || named.sha256 !== input.sha256
        ? { id: "notarial-entry", name: "出证记录与公证书一致", status: "fail", reason: "账本记录的公证书编号或摘要与查询结果不一致", detail: `entry ${named.no} ${named.sha256}` }
        : { id: "notarial-entry", name: "出证记录与公证书一致", status: "pass", reason: `账本记录载明公证书 ${named.no}，文件 SHA-256 ${named.sha256}` };
  const ledger = verifyEvidenceBundle({ entryBytes: input.entry, bundle: input.proofBundle, verifierKeys: input.verifierKeys }, nobleLedgerCrypto);
  const checks = [entryCheck, ...ledger.checks.filter((check) => check.id !== "consistency")];
  return { ok: ledger.ok && entryCheck.status === "pass", checks };
}
