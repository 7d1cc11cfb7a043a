import type { HttpClient, RequestOptions, RequestParams } from "../../../src/providers/http-client";
import type { Envelope } from "../../../src/schema/envelope";

export type RecordedCall = { method: string; path: string; params: RequestParams; tokenless: boolean };

/**
 * One level above fake-axios-adapter.ts: an HttpClient that answers every call with an empty
 * success and records what a client method sent (method, path, parameters, whether tokenless),
 * which is all the call-mapping tests of the account and scan-login clients look at.
 */
export function recordingHttpClient() {
  const calls: RecordedCall[] = [];
  const record = <T, E>(method: string) => async (path: string, params: RequestParams = {}, options: RequestOptions = {}) => {
    calls.push({ method, path, params, tokenless: options.tokenless === true });
    return { code: 200, message: "成功", datas: null } as Envelope<T, E>;
  };
  const http: HttpClient = { baseURL: "/webapi", get: record("GET"), post: record("POST") };
  return { http, calls };
}
