import { z } from "zod";
import { canonicalJson, parseCanonicalEntry } from "./canonical-json";
import { HEX_DIGEST_PATTERN } from "./evidence-entry";
import { MONITOR_CHANNEL_KEYS } from "./monitor";

/**
 * The public ledger entry of a monitoring report (issue 18): the SHA-256 of the report's PDF, its
 * number, channel and period, and what it counts, so anyone holding the file can check that the
 * platform issued exactly these bytes then and did not rewrite them later. It names nobody: the
 * holder is in the PDF, not in the entry.
 */

export const MONITOR_REPORT_ENTRY_KIND = "monitorReport";
export const MONITOR_REPORT_ENTRY_VERSION = 1;

export const MonitorReportEntrySchema = z
  .object({
    v: z.literal(MONITOR_REPORT_ENTRY_VERSION),
    kind: z.literal(MONITOR_REPORT_ENTRY_KIND),
    report: z.string().min(1).max(32),
    channel: z.enum(MONITOR_CHANNEL_KEYS),
    periodStart: z.number().int().nonnegative(),
    periodEnd: z.number().int().nonnegative(),
    tasks: z.number().int().nonnegative(),
    hits: z.number().int().nonnegative(),
    evidence: z.number().int().nonnegative(),
    /** SHA-256 of the PDF file as downloaded. */
    sha256: z.string().regex(HEX_DIGEST_PATTERN),
    time: z.number().int().nonnegative(),
  })
  .strict();
export type MonitorReportEntry = z.infer<typeof MonitorReportEntrySchema>;

export function buildMonitorReportEntry(fields: Omit<MonitorReportEntry, "v" | "kind">): { entry: MonitorReportEntry; text: string } {
  const entry = MonitorReportEntrySchema.parse({ v: MONITOR_REPORT_ENTRY_VERSION, kind: MONITOR_REPORT_ENTRY_KIND, ...fields });
  return { entry, text: canonicalJson(entry) };
}

/** An entry read back from the ledger, only in its one canonical spelling; null for any other entry. */
export function parseMonitorReportEntry(text: string): MonitorReportEntry | null {
  return parseCanonicalEntry(text, MonitorReportEntrySchema);
}
