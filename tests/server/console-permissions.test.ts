import Fastify, { type RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerEndpoint } from "../../server/http/endpoint-route.js";
import { CONSOLE_MESSAGES, ConsoleCode } from "../../src/schema/console/operator-auth.js";
import type { ConsolePermission } from "../../src/schema/console/permissions.js";
import { endpoint, type SessionRequirement } from "../../src/schema/contract.js";
import { postMultipart } from "./support/multipart.js";
import { createOperator, operatorPasswordLogin, operatorTokenWithout, signInOperator } from "./support/operator.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

/**
 * The console's one permission check, exercised on every route the app registers (issue 13 "a
 * test lists every console route and fails if one declares none"): routes are collected as they
 * are registered, so a console route added by any module is checked here without listing it.
 */
type SeenRoute = { method: string; url: string; session?: SessionRequirement; permission?: ConsolePermission | "signedIn"; isMultipart: boolean };

const routes: SeenRoute[] = [];
function seeRoute(route: RouteOptions) {
  const methods = [route.method].flat().filter((method) => method === "GET" || method === "POST");
  const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  for (const method of methods) routes.push({ method, url: route.url, session: route.config?.session, permission: route.config?.permission, isMultipart: consumes.includes("multipart/form-data") });
}

let t: TestApp;
let tokens: { customer: string; notary: string; pending: string; administrator: string };
beforeAll(async () => {
  t = await createTestApp({ onRoute: seeRoute });
  const pendingOperator = await createOperator(t);
  tokens = {
    customer: (await t.app.services.sessions.create("1", "user")).token,
    notary: (await t.app.services.sessions.create("1", "notary")).token,
    pending: (await operatorPasswordLogin(t, pendingOperator.account)).json().datas.token,
    administrator: (await signInOperator(t)).token,
  };
});
afterAll(async () => t.close());

const consoleRoutes = () => routes.filter((route) => route.session === "operator");

/** Calls a route with only a token: the session check answers before the parameters are looked at. */
function callWith(route: SeenRoute, token: string) {
  if (route.method === "GET") return t.get(route.url, {}, { token });
  if (route.isMultipart) return postMultipart(t, route.url, {}, { token });
  return t.post(route.url, {}, { token });
}

const SESSION_REFUSALS = [102, 103, 3013];

describe("every console route", () => {
  it("declares a permission (and there are console routes to check)", () => {
    expect(consoleRoutes().length).toBeGreaterThanOrEqual(11);
    expect(consoleRoutes().filter((route) => !route.permission).map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it("refuses customer, notary and pending (second factor missing) tokens, and no token", async () => {
    for (const route of consoleRoutes()) {
      for (const [kind, token] of Object.entries({ customer: tokens.customer, notary: tokens.notary, pending: tokens.pending, none: "" })) {
        const answer = (await callWith(route, token)).json();
        expect({ route: `${route.method} ${route.url}`, kind, code: answer.code }).toEqual({ route: `${route.method} ${route.url}`, kind, code: 102 });
      }
    }
  });

  it("refuses an operator whose roles lack its permission, and lets one through who has it", async () => {
    const lacking = new Map<ConsolePermission, string>();
    for (const route of consoleRoutes()) {
      const name = `${route.method} ${route.url}`;
      if (route.permission !== "signedIn") {
        const permission = route.permission!;
        if (!lacking.has(permission)) lacking.set(permission, await operatorTokenWithout(t, permission));
        const refused = (await callWith(route, lacking.get(permission)!)).json();
        expect({ name, code: refused.code, message: refused.message }).toEqual({ name, code: ConsoleCode.forbidden, message: CONSOLE_MESSAGES.forbidden });
      }
      // Logging out would end the administrator's session for the routes after it.
      if (name.endsWith("/logout")) continue;
      const admitted = (await callWith(route, tokens.administrator)).json();
      expect({ name, isRefused: [...SESSION_REFUSALS, ConsoleCode.forbidden].includes(admitted.code) }).toEqual({ name, isRefused: false });
    }
  });
});

describe("customer and notary routes", () => {
  it("refuse an operator token (102)", async () => {
    const others = routes.filter((route) => route.session === "user" || route.session === "notary" || route.session === "optional" || (route.session === undefined && route.url.startsWith("/webapi/")));
    expect(others.length).toBeGreaterThan(50);
    for (const route of others) {
      const answer = (await callWith(route, tokens.administrator)).json();
      expect({ route: `${route.method} ${route.url}`, code: answer.code }).toEqual({ route: `${route.method} ${route.url}`, code: 102 });
    }
  });
});

describe("registering a console endpoint", () => {
  it("throws when it declares no permission, and puts the permission into the route and its OpenAPI description", async () => {
    const app = Fastify();
    const base = { method: "GET", input: z.object({}), datas: z.null(), session: "operator", tag: "运营后台·测试", summary: "测试" } as const;
    expect(() => registerEndpoint(app, endpoint({ ...base, path: "/console/v2/unguarded" }), () => null)).toThrow(/declares no permission/);
    const seen: RouteOptions[] = [];
    app.addHook("onRoute", (route) => void seen.push(route));
    registerEndpoint(app, endpoint({ ...base, path: "/console/v2/guarded", permission: "audit.read" }), () => null);
    expect(seen[0].config).toMatchObject({ session: "operator", permission: "audit.read" });
    expect((seen[0].schema as { description?: string }).description).toContain("权限：audit.read（查阅操作审计记录）");
    await app.close();
  });
});
