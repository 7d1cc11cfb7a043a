import { describe, expect, it } from "vitest";
import { contractStatus, PACKAGE_JOB_LIFECYCLE, PACKAGE_JOB_STATES, PACKAGE_JOB_TRANSITIONS, type PackageJobState } from "../../../server/modules/evidence-library/package-job-lifecycle.js";
import { estimateSeconds } from "../../../server/modules/evidence-library/package-progress.js";

/** Every legal move, written out again by hand: the table in package-job-lifecycle.ts must say exactly this. */
const LEGAL: Record<string, PackageJobState> = {
  "queued start": "running",
  "running finish": "ready",
  "running fail": "failed",
  "running resume": "queued",
  "running abandon": "failed",
};

describe("the packaging job lifecycle", () => {
  const cases = PACKAGE_JOB_STATES.flatMap((state) => (Object.keys(PACKAGE_JOB_TRANSITIONS) as (keyof typeof PACKAGE_JOB_TRANSITIONS)[]).map((action) => [state, action] as const));

  it.each(cases)("%s --%s-->", (state, action) => {
    const to = LEGAL[`${state} ${action}`];
    if (to) expect(PACKAGE_JOB_LIFECYCLE.next(state, action)).toBe(to);
    else expect(() => PACKAGE_JOB_LIFECYCLE.next(state, action)).toThrow(PACKAGE_JOB_LIFECYCLE.Error);
  });

  it.each([
    ["queued", "packaging"],
    ["running", "packaging"],
    ["ready", "ready"],
    ["failed", "failed"],
  ] as const)("a %s job is %s to the page", (state, status) => {
    expect(contractStatus(state)).toBe(status);
  });
});

describe("the packaging countdown", () => {
  const MiB = 1024 * 1024;
  it.each([
    ["waiting: the assumed 80 MiB/s", { unitsTotal: 800 * MiB, unitsDone: 0, runStartedAt: null }, 10_000, 10],
    ["measured: 100 MiB in 2 s leaves 300 MiB for 6 s", { unitsTotal: 400 * MiB, unitsDone: 100 * MiB, runStartedAt: 8_000 }, 10_000, 6],
    ["never less than a second", { unitsTotal: 1, unitsDone: 1, runStartedAt: 0 }, 10_000, 1],
  ])("%s", (_case, progress, now, seconds) => {
    expect(estimateSeconds(progress, now)).toBe(seconds);
  });
});
