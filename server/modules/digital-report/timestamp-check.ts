import { decodeBase64 } from "../../../isomorphic/ledger/encoding.js";
import type { DigitalReportCheck } from "../../../src/schema/digital-report.js";
import { formatDateTime } from "../../../src/schema/format.js";
import type { ChainService } from "../chain/chain.service.js";
import { proveUnder, type CheckedAgainst, type ReportLedger } from "./ledger-view.js";
import { firstFailure, reportCheck } from "./report-check.js";

const NAME = "可信时间戳有效（RFC 3161，覆盖包含该证据的检查点）";
const check = (status: DigitalReportCheck["status"], reason: string, detail?: string) => reportCheck("tsa-token", "timestamp", NAME, status, reason, detail);

/**
 * The RFC 3161 token covering the entry: the token of the smallest time-stamped checkpoint that
 * holds it (the chain module keeps one per time-stamped checkpoint). The token must verify (its
 * signature, its chain to TSA_CA_FILE's roots when configured) over that checkpoint's root hash, and
 * that checkpoint must be signed by the platform, hold the entry and be consistent with the
 * report's. Where no TSA time-stamped the entry's checkpoint, the check does not apply and says
 * that the time is the platform's own (DESIGN.md §6: never claim an anchor that did not happen).
 */
export async function checkTimestamp(
  ports: { ledger: ReportLedger; chain: Pick<ChainService, "timestampFor" | "verifyTimestamp" | "timestampAuthority"> },
  entry: Uint8Array,
  index: number,
  against: CheckedAgainst,
): Promise<DigitalReportCheck> {
  const time = await ports.chain.timestampFor(index + 1);
  if (time.kind === "platform") {
    const why = ports.chain.timestampAuthority ? "可信时间戳机构尚未为包含该证据的检查点盖时间戳" : "本平台未配置可信时间戳机构（TSA）";
    return check("skip", `${why}：${time.statement}`);
  }
  const proven = await proveUnder(ports.ledger, entry, index, time.treeSize, against);
  if (!proven.verification.ok) return check("fail", `时间戳所覆盖的树大小 ${time.treeSize} 的检查点未通过核验：${firstFailure(proven.verification.checks)}`);
  try {
    const token = ports.chain.verifyTimestamp(decodeBase64(time.token, "time-stamp token"), proven.rootHash);
    return check(
      "pass",
      `${time.tsaUrl} 于 ${formatDateTime(token.genTime)}（北京时间）为树大小 ${time.treeSize} 的检查点盖的时间戳有效（序列号 ${token.serialNumber}，签发者 ${token.signer}）；该检查点包含此证据`,
    );
  } catch (error) {
    return check("fail", `时间戳令牌未通过核验：令牌被改动、不是为该检查点签发，或签发者不受信任`, (error as Error).message);
  }
}
