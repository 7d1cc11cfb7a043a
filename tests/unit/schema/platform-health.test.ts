import { describe, expect, it } from "vitest";
import { isCheckpointStale, STALE_CHECKPOINT_SECONDS } from "../../../src/schema/console/platform-health";

describe("a stale checkpoint (the ledger stopped closing blocks while entries wait)", () => {
  it.each([
    { age: STALE_CHECKPOINT_SECONDS + 1, pending: 1, stale: true },
    { age: STALE_CHECKPOINT_SECONDS, pending: 1, stale: false },
    { age: 24 * 3600, pending: 0, stale: false },
    { age: 5, pending: 300, stale: false },
    { age: null, pending: 3, stale: false },
  ])("age $age s with $pending entries waiting → $stale", ({ age, pending, stale }) => {
    expect(isCheckpointStale({ checkpointAgeSeconds: age, pendingEntries: pending })).toBe(stale);
  });
});
