import { describe, expect, it, vi } from "vitest";
import { Housekeeping } from "../../../server/jobs/housekeeping.js";

describe("housekeeping", () => {
  it("runs every task, logs a failing one and goes on with the rest", async () => {
    const log = { warn: vi.fn() };
    const done: string[] = [];
    const housekeeping = new Housekeeping(log, null);
    housekeeping.add([
      { name: "first", run: async () => done.push("first") },
      { name: "broken", run: async () => Promise.reject(new Error("disk full")) },
    ]);
    housekeeping.add([{ name: "last", run: async () => done.push("last") }]);
    await housekeeping.runAll();
    expect(done).toEqual(["first", "last"]);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ task: "broken" }), "housekeeping task failed");
  });

  it("runs on its interval from start until stopped", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => undefined);
    const housekeeping = new Housekeeping({ warn: vi.fn() }, null, 1000);
    housekeeping.add([{ name: "tick", run }]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).not.toHaveBeenCalled();
    housekeeping.start();
    await vi.advanceTimersByTimeAsync(3000);
    housekeeping.stop();
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });
});
