import dns from "node:dns";
import type { CaptureOrigin } from "../../../src/schema/capture.js";

/** What a name resolved to: every address (each is checked) and the answers as received, for provenance. */
export interface Resolution {
  addresses: string[];
  dns: CaptureOrigin["dns"];
}

/** Resolves a host name (never an address literal); throws when the name has no address. */
export type Resolver = (hostname: string, signal: AbortSignal) => Promise<Resolution>;

const NO_ANSWER = new Set(["ENODATA", "ENOTFOUND", "ENONAME", "ENOTIMP", "EREFUSED", "ESERVFAIL"]);

/**
 * The system's DNS servers (or `servers`), asked directly so the TTLs and CNAMEs are on record.
 * Names that only /etc/hosts knows (localhost, a test box) have no DNS answer and fall back to
 * getaddrinfo.
 */
export function createSystemResolver(options: { timeoutMs?: number; servers?: string[] } = {}): Resolver {
  return async (hostname, signal) => {
    const resolver = new dns.promises.Resolver({ timeout: options.timeoutMs ?? 5000, tries: 2 });
    if (options.servers) resolver.setServers(options.servers);
    const cancel = () => resolver.cancel();
    signal.addEventListener("abort", cancel, { once: true });
    const orNone = <T>(promise: Promise<T[]>) =>
      promise.catch((error: NodeJS.ErrnoException) => {
        if (NO_ANSWER.has(error.code ?? "")) return [] as T[];
        throw error;
      });
    try {
      const [a, aaaa, cname] = await Promise.all([
        orNone(resolver.resolve4(hostname, { ttl: true })),
        orNone(resolver.resolve6(hostname, { ttl: true })),
        orNone(resolver.resolveCname(hostname)),
      ]);
      signal.throwIfAborted();
      const answers: Resolution["dns"] = [
        ...cname.map((value) => ({ type: "CNAME" as const, value, ttl: null })),
        ...a.map(({ address, ttl }) => ({ type: "A" as const, value: address, ttl })),
        ...aaaa.map(({ address, ttl }) => ({ type: "AAAA" as const, value: address, ttl })),
      ];
      if (a.length + aaaa.length > 0) return { addresses: [...a, ...aaaa].map(({ address }) => address), dns: answers };
      const local = await dns.promises.lookup(hostname, { all: true, verbatim: true });
      signal.throwIfAborted();
      return {
        addresses: local.map(({ address }) => address),
        dns: local.map(({ address, family }) => ({ type: family === 6 ? ("AAAA" as const) : ("A" as const), value: address, ttl: null })),
      };
    } finally {
      signal.removeEventListener("abort", cancel);
    }
  };
}

/**
 * `resolve` asked once per name: every later request for the name goes where the first answer (the
 * one the policy checked) said, so a name cannot rebind between requests. A failed lookup (a
 * timeout, a cancelled request) may be asked again.
 */
export function resolveEachNameOnce(resolve: Resolver): Resolver {
  const resolutions = new Map<string, Promise<Resolution>>();
  return (host, signal) => {
    let resolution = resolutions.get(host);
    if (!resolution) {
      resolution = resolve(host, signal);
      resolutions.set(host, resolution);
      resolution.catch(() => resolutions.delete(host));
    }
    return resolution;
  };
}
