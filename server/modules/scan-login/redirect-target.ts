import type { FastifyRequest } from "fastify";

/** This server as the browser reached it (behind a proxy: as the proxy says, with TRUST_PROXY). */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Where the messaging app may send the browser after a scan: a path of this site, or a full URL
 * on this very origin; anything else would turn the scan into an open redirect that hands the
 * login code to a stranger. Returns the absolute URL, or null when refused.
 */
export function resolveRedirectTarget(redirectUrl: string, origin: string): string | null {
  let target: URL;
  let own: string;
  try {
    // Both through URL, so "http://host:80" and "http://host" are the same origin.
    own = new URL(origin).origin;
    target = new URL(redirectUrl, `${own}/`);
  } catch {
    return null;
  }
  if (target.origin !== own || target.username || target.password) return null;
  target.hash = "";
  return target.toString();
}
