import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The load balancer in front of the scale test's web processes: each request goes to the next
 * backend in turn, as a round-robin proxy (nginx, a cloud balancer) would send it, with no sticky
 * sessions: any process must serve any request. A backend that refuses connections (killed) is
 * skipped from then on; a request cut off mid-way gets 502, as a real balancer answers, and its
 * client counts it as not acknowledged. The client's address is passed on in X-Forwarded-For, as
 * a balancer does for processes that run with TRUST_PROXY.
 */
export type RoundRobinFront = {
  url: string;
  /** Requests each backend received (by its base URL). */
  served(): Map<string, number>;
  close(): Promise<void>;
};

export async function startRoundRobinFront(backends: string[]): Promise<RoundRobinFront> {
  const alive = new Set(backends);
  const served = new Map(backends.map((backend) => [backend, 0]));
  let turn = 0;
  const next = (): string | undefined => {
    for (let tried = 0; tried < backends.length; tried++) {
      const backend = backends[turn++ % backends.length];
      if (alive.has(backend)) return backend;
    }
    return undefined;
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const server = http.createServer((request, response) => {
    const backend = next();
    if (!backend) return void response.writeHead(503).end("no backend");
    served.set(backend, served.get(backend)! + 1);
    const target = new URL(request.url ?? "/", backend);
    const upstream = http.request(
      target,
      { method: request.method, agent, headers: { ...request.headers, host: target.host, "x-forwarded-for": request.socket.remoteAddress ?? "" } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on("error", () => response.destroy());
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") alive.delete(backend);
      if (!response.headersSent) response.writeHead(502).end("bad gateway");
      else response.destroy();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => new Map(served),
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
