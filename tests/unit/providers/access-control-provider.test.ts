import { describe, expect, it } from "vitest";
import { ACCESS_DENIED_REASON, createAccessControlProvider } from "../../../src/providers/access-control-provider";
import { createMemoryStorage, createSessionStore } from "../../../src/providers/session-store";
import { registryPath } from "../../../src/resources/registry-paths";

const NOW = 1_700_000_000_000;

function setup({ accountType = 1, notary = false } = {}) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token: "tk", timestamp: NOW, accountType });
  if (notary) sessionStore.setNotary({ token: "n", timestamp: NOW });
  return createAccessControlProvider({ sessionStore, now: () => NOW });
}

describe("access control provider", () => {
  it.each([
    ["personal/childAccountManagement", 3, false],
    ["personal/childAccountManagement/createChildAccount", 3, false],
    [registryPath("personal/invoiceAdmin"), 3, false],
    ["personal/invoiceAdmin/invoiceOrder", 3, false],
    ["personal/expenseCenter", 3, true],
    ["personal/childAccountManagement", 1, true],
    ["personal/invoiceAdmin", 1, true],
  ])("%s for accountType %i → can %s", async (resource, accountType, can) => {
    const result = await setup({ accountType }).can({ resource, action: "list" });
    expect(result.can).toBe(can);
    if (!can) expect(result.reason).toBe(ACCESS_DENIED_REASON.subAccount);
  });

  it.each([
    [false, false],
    [true, true],
  ])("notary routes with a notary session %s → can %s", async (notary, can) => {
    const result = await setup({ notary }).can({ resource: "info/notaryRequests/requestList", action: "list" });
    expect(result.can).toBe(can);
  });
});
