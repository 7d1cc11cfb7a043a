import { useEffect, useState } from "react";
import type { CoveredEvidence } from "../../schema/notarization";
import { ResultCode } from "../../schema/envelope";
import { verifyCertificate } from "../../verification/certificate-checks";
import type { ShownCheck } from "../../verification/check-list";
import type { VerificationClient } from "../../verification/verification-client";

/** One covered evidence checked in this browser: still running, its checks, or why it could not be checked. */
export type EvidenceCheck = { status: "checking" } | { status: "done"; ok: boolean; checks: readonly ShownCheck[] } | { status: "error"; message: string };

/** The public lookups are rate-limited per address (60 a minute): a few at a time, not a burst of a hundred. */
const AT_ONCE = 3;

/**
 * Checks one covered evidence as the public verification page does (src/verification): the ledger
 * entry and proof bundle of its certificate from the public lookup, then the entry's format, its
 * certificate number, the leaf hash, the checkpoint's signature under the platform key and the
 * inclusion proof, all computed here; and the digest the application froze at submission against
 * the entry's, so an entry swapped since cannot pass.
 */
export async function checkCoveredEvidence(client: VerificationClient, platformKey: string, item: CoveredEvidence): Promise<EvidenceCheck> {
  const answer = await client.byCertificateNo(item.certificateNo).catch(() => null);
  if (!answer) return { status: "error", message: "网络错误，请稍后重试" };
  if (answer.code !== ResultCode.success || !answer.datas) return { status: "error", message: answer.message };
  const verification = verifyCertificate({ entry: answer.datas.entry, proofBundle: answer.datas.proofBundle, verifierKeys: [platformKey], certificateNo: item.certificateNo });
  const recorded = verification.entry?.sha256;
  const frozen: ShownCheck =
    recorded === item.sha256
      ? { id: "covered-sha256", name: "申请所记摘要与账本记录一致", status: "pass", reason: `提交申请时记录的 SHA-256 ${item.sha256} 与账本记录一致` }
      : { id: "covered-sha256", name: "申请所记摘要与账本记录一致", status: "fail", reason: "提交申请时记录的 SHA-256 与账本记录不一致", detail: `application ${item.sha256}, entry ${recorded ?? "none"}` };
  const checks = [...verification.checks.filter((check) => check.status !== "skip" || !check.id.startsWith("file-")), frozen];
  return { status: "done", ok: verification.ok && frozen.status === "pass", checks };
}

/** Every covered evidence checked once the platform key is known, a few at a time; `recheck` runs one again. */
export function useEvidenceChecks(client: VerificationClient, platformKey: string | null, evidence: readonly CoveredEvidence[]) {
  const [results, setResults] = useState<ReadonlyMap<number, EvidenceCheck>>(new Map());
  const set = (id: number, check: EvidenceCheck) => setResults((current) => new Map(current).set(id, check));
  const key = evidence.map((item) => item.evidenceId).join(",");

  useEffect(() => {
    if (!platformKey) return;
    let isCurrent = true;
    const queue = [...evidence];
    setResults(new Map(evidence.map((item) => [item.evidenceId, { status: "checking" }])));
    const worker = async () => {
      for (let item = queue.shift(); item && isCurrent; item = queue.shift()) {
        const result = await checkCoveredEvidence(client, platformKey, item);
        if (isCurrent) set(item.evidenceId, result);
      }
    };
    void Promise.all(Array.from({ length: AT_ONCE }, worker));
    return () => {
      isCurrent = false;
    };
    // The evidence of one application does not change; its ids stand for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, platformKey, key]);

  const recheck = async (item: CoveredEvidence) => {
    if (!platformKey) return;
    set(item.evidenceId, { status: "checking" });
    set(item.evidenceId, await checkCoveredEvidence(client, platformKey, item));
  };
  return { results, recheck };
}
