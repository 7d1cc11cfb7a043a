import { describe, expect, it } from "vitest";
import { createMemoryStorage, createSessionStore } from "../../../src/providers/session-store";
import { createSignedUrlBuilder } from "../../../src/providers/signed-url";
import { permissionsOf } from "../../../src/schema/console/permissions";
import { CONSOLE_INVOICE_ENDPOINTS, INVOICE_ENDPOINTS } from "../../../src/schema/invoice";
import { computeSignature } from "../../../src/schema/signature";
import { sha256Hex } from "../../../src/providers/browser-digest";

const NOW = Date.UTC(2026, 10, 24, 2, 0, 0);

function signedIn() {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token: "user-tk", timestamp: NOW, id: 7, loginAccount: "13800000007", accountType: 1 });
  sessionStore.setOperator({ token: "operator-tk", timestamp: NOW, loginTime: NOW, operator: { id: 5, account: "wang.wu", name: "王五", roles: ["finance"], permissions: permissionsOf(["finance"]) } });
  return createSignedUrlBuilder({ sessionStore, now: () => NOW });
}

describe("signed download addresses", () => {
  it("carry the token of the session the endpoint speaks for: the customer's, or the operator's in the console", () => {
    const signedUrl = signedIn();
    const customer = new URL(signedUrl(INVOICE_ENDPOINTS.downloadInvoice, { id: 5 }), "http://localhost");
    const console = new URL(signedUrl(CONSOLE_INVOICE_ENDPOINTS.downloadInvoice, { id: 5 }), "http://localhost");
    expect(customer.searchParams.get("token")).toBe("user-tk");
    expect(console.searchParams.get("token")).toBe("operator-tk");
  });

  it("are signed over every parameter, the token included", () => {
    const url = new URL(signedIn()(CONSOLE_INVOICE_ENDPOINTS.downloadInvoice, { id: 5 }), "http://localhost");
    expect(url.searchParams.get("signature")).toBe(computeSignature({ id: 5, token: "operator-tk", timestamp: NOW }, sha256Hex));
  });
});
