import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryStorage, createSessionStore, type SessionStore } from "../../src/providers/session-store";
import { scriptedHttpClient, type ScriptedAnswer } from "./account-harness";
import { RefineHarness } from "./refine-harness";

/** A public page inside refine, the router and antd, against scripted /webapi answers; no session unless the test hands in a store. */
export function renderPublicPage(options: { path: string; route?: string; element: ReactNode; script?: Record<string, ScriptedAnswer>; sessionStore?: SessionStore }) {
  const { http, calls, callsTo } = scriptedHttpClient(options.script ?? {});
  const sessionStore = options.sessionStore ?? createSessionStore(createMemoryStorage());
  render(<RefineHarness path={options.path} sessionStore={sessionStore} http={http} element={options.element} />);
  return { calls, callsTo };
}
