import { INVOICE_STATE_LABELS, type InvoiceApplication, type InvoiceState } from "../../schema/invoice";

/** One step of an application's life as its timeline shows it. */
export interface HistoryStep {
  key: string;
  title: string;
  /** ms since the epoch; absent where the contract keeps no time for the step (a withdrawal). */
  time?: number;
  /** A reason or who decided. */
  note?: string;
  tone: "done" | "waiting" | "refused" | "cancelled";
}

type Facts = Pick<InvoiceApplication, "state" | "applyTime" | "decideTime" | "issueTime" | "rejectReason" | "reverseReason" | "reverseTime"> & { decidedBy?: string | null };

/**
 * An application's history, oldest first, read from the times the contract keeps for it; a step
 * still under way (待审核, 开票中, 红冲中) closes the list, so the timeline always ends where the
 * application stands.
 */
export function applicationHistory(application: Facts): HistoryStep[] {
  const { state } = application;
  const by = application.decidedBy ? `审核人：${application.decidedBy}` : undefined;
  const steps: HistoryStep[] = [{ key: "apply", title: "提交申请", time: application.applyTime, tone: "done" }];
  if (state === "withdrawn") return [...steps, { key: "withdraw", title: "用户撤销申请", time: application.decideTime ?? undefined, tone: "cancelled" }];
  if (state === "pending") return [...steps, waiting(state)];
  if (state === "rejected") {
    return [...steps, { key: "reject", title: "申请被驳回", time: application.decideTime ?? undefined, note: joinNotes(application.rejectReason && `原因：${application.rejectReason}`, by), tone: "refused" }];
  }
  steps.push({ key: "approve", title: "审核通过", time: application.decideTime ?? undefined, note: by, tone: "done" });
  if (state === "issuing") return [...steps, waiting(state)];
  steps.push({ key: "issue", title: "发票已开具", time: application.issueTime ?? undefined, tone: "done" });
  if (state === "issued") return steps;
  const reason = application.reverseReason ? `原因：${application.reverseReason}` : undefined;
  if (state === "reversing") return [...steps, { key: "reversing", title: "红冲处理中", note: reason, tone: "waiting" }];
  return [...steps, { key: "reverse", title: "已红冲（开具红字发票）", time: application.reverseTime ?? undefined, note: reason, tone: "cancelled" }];
}

function waiting(state: InvoiceState): HistoryStep {
  return { key: state, title: INVOICE_STATE_LABELS[state], tone: "waiting" };
}

function joinNotes(...notes: (string | null | undefined)[]): string | undefined {
  const present = notes.filter((note): note is string => Boolean(note));
  return present.length > 0 ? present.join("；") : undefined;
}
