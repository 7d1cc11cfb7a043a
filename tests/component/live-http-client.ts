import axios from "axios";
import { createHttpClient, type HttpClient } from "../../src/providers/http-client";
import type { SessionStore } from "../../src/providers/session-store";

/**
 * The app's own HTTP client against a test app listening at `origin`: every call signed with the
 * test clock and sent over HTTP, as the browser sends it.
 */
export function liveHttpClient(options: { origin: string; sessionStore: SessionStore; now: () => number; path: string }): HttpClient {
  return createHttpClient({
    baseURL: `${options.origin}/webapi`,
    sessionStore: options.sessionStore,
    getLocation: () => ({ pathname: options.path, search: "" }),
    navigate: () => {},
    now: options.now,
    // Node's own HTTP rather than jsdom's XMLHttpRequest, which would apply a browser's CORS rules to this cross-origin test.
    adapter: axios.getAdapter("http"),
  });
}
