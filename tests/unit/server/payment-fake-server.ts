import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
export type FakeResponse = { status: number; headers?: Record<string, string>; body: string };

/**
 * A real HTTP server on a free local port that plays the other side of a payment protocol (a
 * provider's gateway, or our callback): it records every request and answers with `respond`.
 */
export async function startFakeServer(respond: (request: ReceivedRequest) => FakeResponse | Promise<FakeResponse>) {
  const requests: ReceivedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const request = {
        method: incoming.method ?? "",
        url: incoming.url ?? "",
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      const reply = await respond(request);
      outgoing.writeHead(reply.status, reply.headers).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
