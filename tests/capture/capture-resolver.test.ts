import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSystemResolver } from "../../server/capture/network/resolver.js";
import { startLoopbackDns } from "./support/loopback-dns.js";

// The resolver asks only the DNS server on loopback these tests start; the one getaddrinfo
// fallback case uses `localhost`, which /etc/hosts answers.
let dns: Awaited<ReturnType<typeof startLoopbackDns>>;

beforeAll(async () => {
  dns = await startLoopbackDns({
    "site.test": [
      { type: "A", value: "127.0.0.1", ttl: 300 },
      { type: "A", value: "127.0.0.2", ttl: 300 },
      { type: "AAAA", value: "::1", ttl: 120 },
    ],
    "alias.test": [{ type: "CNAME", value: "site.test", ttl: 60 }],
  });
});
afterAll(async () => {
  await dns?.close();
});

describe("the system resolver", () => {
  it("records every A and AAAA answer with its TTL", async () => {
    const resolve = createSystemResolver({ servers: [dns.server] });
    expect(await resolve("site.test", new AbortController().signal)).toEqual({
      addresses: ["127.0.0.1", "127.0.0.2", "::1"],
      dns: [
        { type: "A", value: "127.0.0.1", ttl: 300 },
        { type: "A", value: "127.0.0.2", ttl: 300 },
        { type: "AAAA", value: "::1", ttl: 120 },
      ],
    });
  });

  it("records the CNAME a name went through", async () => {
    const resolve = createSystemResolver({ servers: [dns.server] });
    const answer = await resolve("alias.test", new AbortController().signal);
    expect(answer.dns[0]).toEqual({ type: "CNAME", value: "site.test", ttl: null });
    expect(answer.addresses).toEqual(["127.0.0.1", "127.0.0.2", "::1"]);
  });

  it("falls back to the hosts file for a name DNS does not know", async () => {
    const resolve = createSystemResolver({ servers: [dns.server] });
    const answer = await resolve("localhost", new AbortController().signal);
    expect(dns.queries).toContain("A localhost");
    expect(answer.addresses).toContain("127.0.0.1");
    expect(answer.dns.every(({ ttl }) => ttl === null)).toBe(true);
  });
});
