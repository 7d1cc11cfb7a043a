import { defineStateMachine } from "../../../src/schema/state-machine.js";
import type { PackageStatus } from "../../../src/schema/evidence-library.js";

/**
 * A packaging job's life, written once (DESIGN.md §8): queued until a worker claims it, running
 * while its ZIP is written, then ready (downloadable until it expires) or failed. A run cut off by
 * a dead or stopped process goes back to the queue while it has attempts left, else fails.
 */
export const PACKAGE_JOB_STATES = ["queued", "running", "ready", "failed"] as const;
export type PackageJobState = (typeof PACKAGE_JOB_STATES)[number];

export const PACKAGE_JOB_TRANSITIONS = {
  start: { from: ["queued"], to: "running", by: "worker" },
  finish: { from: ["running"], to: "ready", by: "worker" },
  fail: { from: ["running"], to: "failed", by: "worker" },
  resume: { from: ["running"], to: "queued", by: "recovery" },
  abandon: { from: ["running"], to: "failed", by: "recovery" },
} as const satisfies Record<string, { from: readonly PackageJobState[]; to: PackageJobState; by: "worker" | "recovery" }>;

export const PACKAGE_JOB_LIFECYCLE = defineStateMachine("package job", PACKAGE_JOB_TRANSITIONS);

/** Runs of one job in all (the first plus those after a crash); then it fails. */
export const PACKAGE_JOB_MAX_ATTEMPTS = 3;

/** What the page is told: a job waiting or being written is "packaging" either way. */
export function contractStatus(state: PackageJobState): PackageStatus["status"] {
  return state === "queued" || state === "running" ? "packaging" : state;
}
