import { describe, expect, it } from "vitest";
import { createSecondStepStorage, SECOND_STEP_STORAGE_KEY } from "../../../src/providers/second-step-storage";
import { createMemoryStorage } from "../../../src/providers/session-store";

describe("second-step storage", () => {
  it("keeps the 3012 challenge until cleared", () => {
    const storage = createSecondStepStorage(createMemoryStorage());
    const challenge = { challengeId: "ch-1", channel: "mobile" as const, maskedTarget: "138****8000" };
    expect(storage.read()).toBeNull();
    storage.save(challenge);
    expect(storage.read()).toEqual(challenge);
    storage.clear();
    expect(storage.read()).toBeNull();
  });

  it.each(["not json", JSON.stringify({ challengeId: "ch-1" })])("treats a damaged entry (%s) as none", (text) => {
    expect(createSecondStepStorage(createMemoryStorage({ [SECOND_STEP_STORAGE_KEY]: text })).read()).toBeNull();
  });
});
