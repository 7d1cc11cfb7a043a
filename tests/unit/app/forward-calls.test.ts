import { describe, expect, it, vi } from "vitest";
import { forwardCalls } from "../../../src/app/forward-calls";

describe("forwardCalls", () => {
  const makeTarget = () => ({ greet: async (name: string) => `你好，${name}`, count: vi.fn(async () => 3), optional: undefined as undefined | (() => Promise<void>) });

  it("loads nothing until the first call, then calls the loaded object's method with the arguments", async () => {
    const target = makeTarget();
    const load = vi.fn(async () => target);
    const forwarded = forwardCalls(load, ["greet", "count"]);
    expect(load).not.toHaveBeenCalled();
    await expect(forwarded.greet("张三")).resolves.toBe("你好，张三");
    await expect(forwarded.count()).resolves.toBe(3);
    expect(target.count).toHaveBeenCalledTimes(1);
  });

  it("has exactly the listed methods, so code asking whether one exists sees the real object's shape", () => {
    const forwarded = forwardCalls(async () => makeTarget(), ["greet"]);
    expect(Object.keys(forwarded)).toEqual(["greet"]);
    expect("count" in forwarded).toBe(false);
  });

  it("passes a failed load on to the caller", async () => {
    const forwarded = forwardCalls<ReturnType<typeof makeTarget>, "greet">(() => Promise.reject(new Error("网络异常")), ["greet"]);
    await expect(forwarded.greet("张三")).rejects.toThrow("网络异常");
  });
});
