import { describe, expect, it, vi } from "vitest";
import { startHousekeeping } from "../../../server/jobs/housekeeping.js";

describe("housekeeping", () => {
  it("runs every task, logs a failing one and goes on with the rest", async () => {
    const log = { warn: vi.fn() } as never as Parameters<typeof startHousekeeping>[1];
    const done: string[] = [];
    const { runAll, stop } = startHousekeeping(
      [
        { name: "first", run: async () => done.push("first") },
        { name: "broken", run: async () => Promise.reject(new Error("disk full")) },
        { name: "last", run: async () => done.push("last") },
      ],
      log,
    );
    await runAll();
    stop();
    expect(done).toEqual(["first", "last"]);
    expect((log as unknown as { warn: ReturnType<typeof vi.fn> }).warn).toHaveBeenCalledWith(expect.objectContaining({ task: "broken" }), "housekeeping task failed");
  });

  it("runs on its interval until stopped", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => undefined);
    const { stop } = startHousekeeping([{ name: "tick", run }], { warn: vi.fn() } as never, 1000);
    await vi.advanceTimersByTimeAsync(3000);
    stop();
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });
});
