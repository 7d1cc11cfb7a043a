import { describe, expect, it } from "vitest";
import { ACCESS_DENIED_REASON, createAccessControlProvider } from "../../../src/providers/access-control-provider";
import { createMemoryStorage, createSessionStore } from "../../../src/providers/session-store";
import { registryPath } from "../../../src/resources/registry-paths";
import { OPERATOR_SESSION_IDLE_MS } from "../../../src/schema/session";
import { permissionsOf, type OperatorRole } from "../../../src/schema/console/permissions";

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

describe("access control provider: console sections", () => {
  const CONSOLE_PERMISSIONS = new Map([
    ["console/platform/exampleOperators", "operators.manage"],
    ["console/review/exampleReview", "identity.review"],
  ] as const);

  function setupConsole(roles: OperatorRole[] | null, lastActivity = NOW) {
    const sessionStore = createSessionStore(createMemoryStorage());
    sessionStore.setUser({ token: "tk", timestamp: NOW, accountType: 1 });
    if (roles) sessionStore.setOperator({ token: "op", timestamp: lastActivity, loginTime: lastActivity, operator: { id: 1, account: "a.b.c", name: "甲", roles, permissions: permissionsOf(roles) } });
    return createAccessControlProvider({ sessionStore, now: () => NOW, consolePermissions: CONSOLE_PERMISSIONS });
  }

  it.each([
    ["console/platform/exampleOperators", ["administrator"], true],
    ["console/platform/exampleOperators/edit", ["administrator"], true],
    ["console/platform/exampleOperators", ["identityReviewer"], false],
    ["/console/platform/exampleOperators/edit", ["contentEditor"], false],
    ["console/review/exampleReview", ["identityReviewer"], true],
    ["console/review/exampleReview", ["finance", "contentEditor"], false],
    ["console/review", ["contentEditor"], true],
  ] as const)("%s for %o → can %s", async (resource, roles, can) => {
    const result = await setupConsole([...roles]).can({ resource, action: "list" });
    expect(result).toEqual(can ? { can: true } : { can: false, reason: ACCESS_DENIED_REASON.operatorRole });
  });

  it("refuses every console section without a live operator session, a customer's notwithstanding", async () => {
    expect(await setupConsole(null).can({ resource: "console/review/exampleReview", action: "list" })).toEqual({ can: false, reason: ACCESS_DENIED_REASON.operator });
    expect(await setupConsole(["administrator"], NOW - OPERATOR_SESSION_IDLE_MS).can({ resource: "console/review/exampleReview", action: "list" })).toEqual({
      can: false,
      reason: ACCESS_DENIED_REASON.operator,
    });
  });
});
