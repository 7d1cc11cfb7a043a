import type { DigitalReportCheck, DigitalReportCheckGroup, DigitalReportCheckStatus } from "../../../src/schema/digital-report.js";

/** One line of a report's checks. */
export function reportCheck(id: string, group: DigitalReportCheckGroup, name: string, status: DigitalReportCheckStatus, reason: string, detail?: string): DigitalReportCheck {
  return { id, group, name, status, reason, ...(detail === undefined ? {} : { detail }) };
}

/** The first failing check's words, for a check that sums several up. */
export function firstFailure(checks: readonly { status: string; name: string; reason: string }[]): string {
  const failed = checks.find((check) => check.status === "fail");
  return failed ? `${failed.name}：${failed.reason}` : "证明未能核对";
}
