import { defineStateMachine } from "../state-machine";

/**
 * An offline contract's life (spec §4: monitoring is enabled with a balance or a signed offline
 * contract), written once as data. A contract is recorded once with its term and never changed:
 * its status follows the Shanghai calendar (未生效 before the first day of its term, 生效中 from the
 * first to the last day inclusive, 已到期 after it) until a finance operator terminates it, which is
 * final. Only a contract 生效中 grants its credit.
 */

export const CONTRACT_STATUSES = ["pending", "active", "expired", "terminated"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = { pending: "未生效", active: "生效中", expired: "已到期", terminated: "已终止" };
export const CONTRACT_STATUS_COLORS: Record<ContractStatus, string> = { pending: "processing", active: "success", expired: "default", terminated: "error" };

/** Who moves a contract: the calendar (its term's first and last day) or a finance operator. */
export const CONTRACT_TRANSITIONS = {
  start: { from: ["pending"], to: "active", by: "calendar" },
  expire: { from: ["active"], to: "expired", by: "calendar" },
  terminate: { from: ["pending", "active"], to: "terminated", by: "finance" },
} as const satisfies Record<string, { from: readonly ContractStatus[]; to: ContractStatus; by: "calendar" | "finance" }>;
export type ContractAction = keyof typeof CONTRACT_TRANSITIONS;

export const CONTRACT_LIFECYCLE = defineStateMachine("contract", CONTRACT_TRANSITIONS);

/** A transition the contract's status does not allow: terminating an expired or terminated contract. */
export const ContractStateError = CONTRACT_LIFECYCLE.Error;
export type ContractStateError = InstanceType<typeof ContractStateError>;

/** The status `action` leads to from `status`; throws ContractStateError when the machine has no such edge. */
export const contractTransition = CONTRACT_LIFECYCLE.next;

/** A contract's status on the Shanghai date `today` (YYYY-MM-DD; text order is date order). */
export function contractStatusOn(contract: { termStart: string; termEnd: string; isTerminated: boolean }, today: string): ContractStatus {
  if (contract.isTerminated) return "terminated";
  if (today < contract.termStart) return "pending";
  return today > contract.termEnd ? "expired" : "active";
}

/** Whether a contract in `status` lets charges go below zero (down to its credit limit). */
export const grantsCredit = (status: ContractStatus) => status === "active";
