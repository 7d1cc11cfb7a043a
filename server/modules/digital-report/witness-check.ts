import { parseNote, verifyNote } from "../../../isomorphic/ledger/signed-note.js";
import type { DigitalReportCheck } from "../../../src/schema/digital-report.js";
import { formatDateTime } from "../../../src/schema/format.js";
import { parseCosignerVerifierKey } from "../../witness/cosignature.js";
import type { ChainService } from "../chain/chain.service.js";
import { proveUnder, type CheckedAgainst, type ReportLedger } from "./ledger-view.js";
import { firstFailure, reportCheck } from "./report-check.js";

const NAME = "见证者联署有效（检查点经独立见证者确认）";
const check = (status: DigitalReportCheck["status"], reason: string, detail?: string) => reportCheck("witness-cosignatures", "witness", NAME, status, reason, detail);

/**
 * C2SP tlog-witness cosignatures: for each configured witness, its newest cosignature of a
 * checkpoint that holds the entry and is no newer than the report's. The cosignature must verify
 * with the witness's key over that checkpoint, and the checkpoint must be signed by the platform,
 * hold the entry and be consistent with the report's checkpoint. A witness that has not cosigned
 * such a checkpoint yet is named; with none at all the check fails. Without configured witnesses
 * it does not apply.
 */
export async function checkWitnesses(
  ports: { ledger: ReportLedger; chain: Pick<ChainService, "witnessCosignatures"> },
  entry: Uint8Array,
  index: number,
  against: CheckedAgainst,
): Promise<DigitalReportCheck> {
  const witnesses = await ports.chain.witnessCosignatures(index + 1, against.treeSize);
  if (witnesses.length === 0) return check("skip", "本平台未配置见证者，检查点只有平台自己的签名");
  const confirmed: string[] = [];
  const pending: string[] = [];
  const problems: string[] = [];
  for (const witness of witnesses) {
    if (!witness.cosigned) {
      pending.push(witness.name);
      continue;
    }
    const { treeSize, line } = witness.cosigned;
    const { note, verification } = await proveUnder(ports.ledger, entry, index, treeSize, against);
    if (!verification.ok) {
      problems.push(`见证者 ${witness.name} 联署的树大小 ${treeSize} 的检查点未通过核验：${firstFailure(verification.checks)}`);
      continue;
    }
    const verifier = parseCosignerVerifierKey(witness.verifierKey);
    const cosigned = `${note}${line}`;
    const verified = verifyNote(cosigned, [verifier]);
    if (!verified.ok || verified.verified.length !== 1) {
      problems.push(`见证者 ${witness.name} 对树大小 ${treeSize} 的检查点的联署签名无效`);
      continue;
    }
    const seconds = verifier.timestampOf(parseNote(cosigned).signatures.at(-1)!.signature);
    confirmed.push(`见证者 ${witness.name} 于 ${seconds === null ? "未知时间" : formatDateTime(seconds * 1000)} 联署了树大小 ${treeSize} 的检查点`);
  }
  const notYet = pending.length > 0 ? `；${pending.join("、")} 尚未联署包含该证据的检查点` : "";
  if (problems.length > 0) return check("fail", `${problems[0]}${notYet}`, problems.join("\n"));
  if (confirmed.length === 0) return check("fail", `没有见证者联署包含该证据的检查点${notYet}`);
  return check("pass", `${confirmed.join("；")}（该检查点包含此证据，且与检验所依据的检查点一致）${notYet}`);
}
