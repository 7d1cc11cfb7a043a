import { randomInt } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { browserForFile, type FileBrowser } from "./browser.js";
import { startServer, type ServerProcess } from "./server-process.js";

/** The run's shared server as a file sees it: it is started and stopped by the global setup. */
export type SharedServer = Pick<ServerProcess, "url" | "dataDir">;

const FORWARDED_FOR = "x-forwarded-for";

/**
 * The usual frame of an end-to-end file: the run's one server (support/global-setup.ts) and the
 * run's one Chromium. Files on it keep to accounts of their own (uniqueMobile) and never rely on
 * the server being fresh. Each file is a client of its own: its requests, from Node and from its
 * browser contexts, carry an address of its own (RFC 2544's test range) in X-Forwarded-For, which
 * the shared server trusts, so per-address limits (verification codes, logins) count each file
 * apart, as they did when each file had its own server.
 */
export function sharedServerAndBrowser(): { server: SharedServer; browser: FileBrowser } {
  const server = inject("sharedServer");
  const address = `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(1, 255)}`;
  sendFromAddress(server.url, address);
  return { server, browser: browserForFile({ extraHTTPHeaders: { [FORWARDED_FOR]: address } }) };
}

/** Node's fetch to `baseUrl` carries `address` as this file's for the rest of the file. */
function sendFromAddress(baseUrl: string, address: string) {
  const plainFetch = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = (input, init) => {
      if (!String(input instanceof Request ? input.url : input).startsWith(baseUrl)) return plainFetch(input, init);
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set(FORWARDED_FOR, address);
      return plainFetch(input, { ...init, headers });
    };
  });
  afterAll(() => {
    globalThis.fetch = plainFetch;
  });
}

/**
 * The frame of a file that needs a server of its own (a fresh ledger, special settings): started
 * before the file's tests and stopped after them, with the run's Chromium. Read the fields inside
 * hooks and tests only: they are set once beforeAll has run.
 */
export function serverAndBrowserPerFile(options: Parameters<typeof startServer>[0] = {}): { server: ServerProcess; browser: FileBrowser } {
  const live = { browser: browserForFile() } as { server: ServerProcess; browser: FileBrowser };
  beforeAll(async () => {
    live.server = await startServer(options);
  });
  afterAll(async () => {
    await live.server?.stop();
  });
  return live;
}
