import { text } from "node:stream/consumers";
import { canonicalJson } from "../../../src/schema/canonical-json.js";
import { CaptureQaSchema, PROVENANCE_LABELS } from "../../../src/schema/capture.js";
import type { DigitalReportCheck } from "../../../src/schema/digital-report.js";
import { CAPTURE_RESOURCE_URIS } from "../../capture/capture-engine.types.js";
import { openCapturedResource } from "../../capture/package/wacz-reader.js";
import { reportCheck } from "./report-check.js";

const PROVENANCE_NAME = `${PROVENANCE_LABELS.heading}记录与存证时一致（取证包内 provenance.json）`;
const QA_NAME = `取证${PROVENANCE_LABELS.qa}未发现问题（取证包内 qa.json）`;

/** What a captured page's evidence record states of its capture (server/modules/capture, evidenceDetails). */
export interface StatedCapture {
  readonly provenance: unknown;
  readonly qaAccepted: boolean;
}

/**
 * The capture's own records inside the stored package (resource records of its WARC): its
 * provenance must be the one the evidence record states (where, when and how the platform's
 * browser captured the page), and its QA verdict is reported as it stands, a finding accepted by
 * the holder included. Read from the stored WACZ at `waczPath`, never from the capture's columns.
 */
export async function checkCaptureProcess(waczPath: string | null, stated: StatedCapture): Promise<DigitalReportCheck[]> {
  const read = async (uri: string): Promise<unknown> => {
    if (!waczPath) throw new Error("存储的取证包已缺失");
    const resource = await openCapturedResource(waczPath, uri);
    if (!resource) throw new Error(`取证包中没有 ${uri}`);
    return JSON.parse(await text(resource.body)) as unknown;
  };
  const outcome = async <T>(uri: string, judge: (json: unknown) => T) => {
    try {
      return { ok: true as const, value: judge(await read(uri)) };
    } catch (error) {
      return { ok: false as const, message: (error as Error).message };
    }
  };

  const provenance = await outcome(CAPTURE_RESOURCE_URIS.provenance, (json) => json as { requestedUrl?: string; startedAt?: string; node?: { localAddresses?: string[] } });
  const provenanceCheck = !provenance.ok
    ? reportCheck("capture-provenance", "package", PROVENANCE_NAME, "fail", "无法从取证包中读出取证过程记录", provenance.message)
    : canonicalJson(provenance.value) !== canonicalJson(stated.provenance)
      ? reportCheck("capture-provenance", "package", PROVENANCE_NAME, "fail", "取证包内的取证过程记录与存证记录所载不一致")
      : reportCheck(
          "capture-provenance",
          "package",
          PROVENANCE_NAME,
          "pass",
          `取证包内的取证过程记录与存证记录一致：${PROVENANCE_LABELS.requestedUrl} ${provenance.value.requestedUrl ?? "未知"}，${PROVENANCE_LABELS.startedAt} ${provenance.value.startedAt ?? "未知"}（UTC），${PROVENANCE_LABELS.node} ${provenance.value.node?.localAddresses?.join("、") || "未知"}`,
        );

  const qa = await outcome(CAPTURE_RESOURCE_URIS.qa, (json) => CaptureQaSchema.parse(json));
  const qaCheck = !qa.ok
    ? reportCheck("capture-qa", "package", QA_NAME, "fail", "无法从取证包中读出质量检查记录", qa.message)
    : qa.value.passed
      ? reportCheck("capture-qa", "package", QA_NAME, "pass", `自动质量检查未发现问题：主文档状态码 ${qa.value.metrics.mainStatus ?? "无"}，共 ${qa.value.metrics.requests} 个请求、${qa.value.metrics.failedRequests} 个失败`)
      : reportCheck(
          "capture-qa",
          "package",
          QA_NAME,
          "fail",
          `自动质量检查发现 ${qa.value.findings.length} 项问题：${qa.value.findings.map((finding) => `${finding.message}（${finding.detail}）`).join("；")}${stated.qaAccepted ? "。持有人复核后确认按现状存证" : ""}`,
        );
  return [provenanceCheck, qaCheck];
}
