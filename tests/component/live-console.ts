import { afterAll, beforeAll } from "vitest";
import { createLoginCrypto } from "../../src/providers/login-crypto";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { CONSOLE_REGISTRY } from "../../src/resources/console/registry";
import { permissionsOf, type OperatorRole } from "../../src/schema/console/permissions";
import { signInOperator } from "../server/support/operator";
import { createTestApp, type TestApp } from "../server/support/test-app";
import { operatorSession, renderConsole } from "./console-harness";
import { liveHttpClient } from "./live-http-client";

export interface LiveConsole {
  /** The app under test and the signed-in operator; both set once the suite's beforeAll has run. */
  t: TestApp;
  operator: { token: string; id: number; account: string };
  /** The console at `at`, as that operator, every call signed, encrypted where it must be and sent over HTTP. */
  open: (at: string) => ReturnType<typeof renderConsole>;
}

/**
 * The console as the app mounts it (the real console registry, the generic list, form and record
 * kinds) against the real server listening on a port, signed in as an operator with `roles` and
 * display name `name`. Registers the suite's beforeAll (app, clock, sign-in) and afterAll (close).
 */
export function liveConsole(roles: OperatorRole[], name: string): LiveConsole {
  let origin = "";
  const live = {
    open(at: string) {
      const sessionStore = createSessionStore(createMemoryStorage());
      const { t, operator } = live;
      sessionStore.setOperator(
        operatorSession(roles, {
          token: operator.token,
          timestamp: t.clock.now(),
          loginTime: t.clock.now(),
          operator: { id: operator.id, account: operator.account, name, roles, permissions: permissionsOf(roles) },
        }),
      );
      const http = liveHttpClient({ origin, sessionStore, now: t.clock.now, path: at });
      return renderConsole({ path: at, registry: CONSOLE_REGISTRY, http, crypto: createLoginCrypto({ http, now: t.clock.now }), sessionStore, now: t.clock.now });
    },
  } as LiveConsole;

  beforeAll(async () => {
    live.t = await createTestApp({ seedDemo: false });
    // The browser side reads Date.now (session ages); the server's clock starts at the same time.
    live.t.clock.set(Date.now());
    origin = await live.t.app.listen({ host: "127.0.0.1", port: 0 });
    live.operator = await signInOperator(live.t, { roles });
    // The generic kinds are built on pro-components, whose first import alone takes seconds in jsdom.
    await Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/kinds/new-page"), import("../../src/pages/kinds/record-page")]);
  }, 60_000);
  afterAll(() => live.t?.close());
  return live;
}
