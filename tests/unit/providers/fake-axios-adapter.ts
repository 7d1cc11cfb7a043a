import axios, { AxiosError, CanceledError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";

/** What the fake server saw: the full URL as axios would send it, the parsed query and body. */
export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

export type FakeReply =
  | { kind: "ok"; status?: number; data: unknown }
  | { kind: "httpError"; status: number; data?: unknown }
  | { kind: "networkError" }
  | { kind: "cancelled" };

/**
 * An axios adapter standing in for the network: it records each request exactly as the server
 * would receive it and answers with the next queued reply.
 */
export function createFakeAdapter(replies: FakeReply[] = []) {
  const requests: RecordedRequest[] = [];
  const queue = [...replies];

  async function adapter(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
    const url = axios.getUri(config);
    const parsed = new URL(url, "http://localhost");
    requests.push({
      method: (config.method ?? "get").toUpperCase(),
      url,
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      body: typeof config.data === "string" ? (JSON.parse(config.data) as Record<string, unknown>) : undefined,
    });
    const reply = queue.shift() ?? { kind: "ok", data: { code: 200, message: "成功", datas: null } };
    const response = (status: number, data: unknown): AxiosResponse => ({ status, statusText: String(status), headers: {}, config, data });
    switch (reply.kind) {
      case "ok":
        return response(reply.status ?? 200, reply.data);
      case "httpError":
        throw new AxiosError(`Request failed with status code ${reply.status}`, "ERR_BAD_RESPONSE", config, null, response(reply.status, reply.data ?? ""));
      case "networkError":
        throw new AxiosError("Network Error", AxiosError.ERR_NETWORK, config);
      case "cancelled":
        throw new CanceledError("canceled", config);
    }
  }

  return { adapter, requests, reply: (next: FakeReply) => queue.push(next) };
}
