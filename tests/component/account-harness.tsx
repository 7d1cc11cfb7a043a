import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { createAccountClient } from "../../src/providers/account-client";
import { AccountServicesProvider } from "../../src/providers/account-context";
import { createAuthProvider } from "../../src/providers/auth-provider";
import type { HttpClient, RequestOptions, RequestParams } from "../../src/providers/http-client";
import { createScanLoginClient } from "../../src/providers/scan-login-client";
import { ScanLoginClientProvider } from "../../src/providers/scan-login-context";
import { createSecondStepStorage } from "../../src/providers/second-step-storage";
import { createMemoryStorage, createSessionStore, type StorageLike } from "../../src/providers/session-store";
import { ACCOUNT_ENDPOINTS } from "../../src/schema/account";
import type { Envelope } from "../../src/schema/envelope";
import { fakeLoginCrypto } from "../unit/providers/fake-login-crypto";
import { RefineHarness } from "./refine-harness";

/** What the fake server answers on a path: one envelope, a queue (the last one repeats), or a function of the call. */
export type ScriptedAnswer = Envelope<unknown> | Envelope<unknown>[] | ((params: RequestParams) => Envelope<unknown> | Promise<Envelope<unknown>>);

export const ok = (datas: unknown = null): Envelope<unknown> => ({ code: 200, message: "成功", datas });
export const fail = (code: number, message: string, datas: unknown = null): Envelope<unknown> => ({ code, message, datas });

export const CAPTCHA_IMAGE = "data:image/svg+xml;base64,PHN2Zy8+";

/**
 * The fake http client of refine-harness.tsx, with scripted answers so that a test can play a
 * sequence (a wrong captcha, then success) and hold an answer back to watch the pending state.
 */
export function scriptedHttpClient(script: Record<string, ScriptedAnswer>) {
  const calls: { method: string; path: string; params: RequestParams; tokenless: boolean }[] = [];
  const answer = async <T, E>(method: string, path: string, params: RequestParams = {}, options: RequestOptions = {}) => {
    calls.push({ method, path, params, tokenless: options.tokenless === true });
    const entry = script[path];
    let envelope: Envelope<unknown>;
    if (typeof entry === "function") envelope = await entry(params);
    else if (Array.isArray(entry)) envelope = entry.length > 1 ? entry.shift()! : entry[0];
    else envelope = entry ?? fail(404, "请求的接口不存在");
    return envelope as Envelope<T, E>;
  };
  const http: HttpClient = {
    baseURL: "/webapi",
    get: (path, params, options) => answer("GET", path, params, options),
    post: (path, body, options) => answer("POST", path, body, options),
  };
  const callsTo = (path: string) => calls.filter((call) => call.path === path);
  return { http, calls, callsTo };
}

/** An account screen inside refine, the router, antd and the account services, against scripted answers. */
export function renderAccountScreen(options: {
  path: string;
  element: ReactNode;
  script?: Record<string, ScriptedAnswer>;
  user?: Record<string, unknown>;
  state?: unknown;
  /** Where the pending second step is kept; memory unless a test needs to seed it. */
  secondStepStorage?: StorageLike;
}) {
  const sessionStore = createSessionStore(createMemoryStorage());
  if (options.user) sessionStore.setUser(options.user);
  const { http, calls, callsTo } = scriptedHttpClient({ [ACCOUNT_ENDPOINTS.getCodeV2.path]: ok({ codeBase64: CAPTCHA_IMAGE }), ...options.script });
  const client = createAccountClient({ http, crypto: fakeLoginCrypto });
  const secondStep = createSecondStepStorage(options.secondStepStorage ?? createMemoryStorage());
  const search = options.path.includes("?") ? `?${options.path.split("?")[1]}` : "";
  const authProvider = createAuthProvider({
    http,
    sessionStore,
    now: Date.now,
    showMessage: vi.fn(),
    accounts: client,
    getLocation: () => ({ pathname: options.path.split("?")[0], search }),
  });
  render(
    <RefineHarness
      path={options.path}
      state={options.state}
      sessionStore={sessionStore}
      http={http}
      authProvider={authProvider}
      element={
        <AccountServicesProvider services={{ client, secondStep }}>
          <ScanLoginClientProvider client={createScanLoginClient({ http, crypto: fakeLoginCrypto })}>{options.element}</ScanLoginClientProvider>
        </AccountServicesProvider>
      }
    />,
  );
  return { sessionStore, secondStep, calls, callsTo };
}
