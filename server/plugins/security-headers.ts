import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { WEBAPI_PREFIX } from "../../src/schema/contract.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The browser reaches us over TLS: decides HSTS and every cookie's Secure flag. */
    readonly isServedOverTls: boolean;
  }
}

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");

/**
 * The single-page app. Scripts only from our own origin: the built index.html has no inline script
 * (Vite emits module files) and nothing is eval'd, so an injected <script> or handler never runs.
 * Styles allow 'unsafe-inline' on purpose: antd 5 writes its CSS-in-JS into <style> elements at run
 * time, and a nonce would mean templating index.html per request and threading the nonce through
 * antd's StyleProvider, pro-components and echarts, while a nonce in the page is readable by any
 * script that runs anyway. Injected CSS cannot run code; the script rule is what stops XSS.
 * Images: data: (captcha SVGs, QR codes) and blob: (avatar and licence previews). Frames: our own
 * /dev/wx QR page and WeChat's website-login QR page (scan login). connect-src 'self' covers the
 * same-origin websocket (/ws/chain) in CSP Level 3.
 */
const PAGE_DIRECTIVES = {
  "default-src": "'self'",
  "script-src": "'self'",
  "style-src": "'self' 'unsafe-inline'",
  "img-src": "'self' data: blob:",
  "font-src": "'self' data:",
  "connect-src": "'self'",
  "frame-src": "'self' https://open.weixin.qq.com",
  "worker-src": "'self' blob:",
  "object-src": "'none'",
  "base-uri": "'self'",
  "form-action": "'self'",
  "frame-ancestors": "'none'",
};
export const PAGE_POLICY = policy(PAGE_DIRECTIVES);

/** The procedure recorder (/precord): the app's rules, and framed by our own pages (procedureRecord/ifrmobile). */
export const RECORDER_POLICY = policy({ ...PAGE_DIRECTIVES, "frame-ancestors": "'self'" });

/**
 * Swagger UI at /opendocs: its page loads its scripts from files (no inline script); its React
 * views set inline styles, and it draws icons from data: URLs. "Try it out" calls our own API.
 */
export const OPENDOCS_POLICY = policy({
  "default-src": "'self'",
  "script-src": "'self'",
  "style-src": "'self' 'unsafe-inline'",
  "img-src": "'self' data:",
  "connect-src": "'self'",
  "object-src": "'none'",
  "base-uri": "'self'",
  "form-action": "'self'",
  "frame-ancestors": "'none'",
});

/** JSON, files and ledger tiles are never a page: if a browser renders one anyway, it may load nothing and be framed nowhere. */
export const RESOURCE_POLICY = policy({ "default-src": "'none'", "frame-ancestors": "'none'" });

/** One year; no includeSubDomains, because the platform does not own its parent domain's other hosts. */
export const HSTS_VALUE = "max-age=31536000";

/**
 * Browser security headers on every response (OWASP Secure Headers): a Content-Security-Policy
 * chosen by the URL space the answer comes from, no MIME sniffing, no referrer to other sites, and HSTS once the
 * site is served over TLS. A route with its own rule (the /dev/wx frame, /opendocs) sets its
 * policy itself and is left alone.
 */
export const securityHeadersPlugin = fp(async function securityHeadersPlugin(app: FastifyInstance, options: { publicBaseUrl: string }) {
  const isPublicHttps = options.publicBaseUrl.startsWith("https://");
  // request.protocol follows X-Forwarded-Proto only behind TRUST_PROXY, so a client cannot fake it.
  app.decorateRequest("isServedOverTls", {
    getter(this: FastifyRequest) {
      return isPublicHttps || this.protocol === "https";
    },
  });

  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", isResourcePath(request.url) ? RESOURCE_POLICY : PAGE_POLICY);
    }
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "same-origin");
    if (request.isServedOverTls) reply.header("strict-transport-security", HSTS_VALUE);
    return payload;
  });
});

/** URL spaces that never answer with a page: the API (JSON, downloads), the ledger's tiles, the witness. */
const RESOURCE_PREFIXES = [`${WEBAPI_PREFIX}/`, "/ledger/", "/witness/"];

/**
 * Chosen by where the answer comes from, not by its content type: a browser revalidating a cached
 * page gets a 304 without one, and the headers of a 304 replace the cached page's, so judging by
 * type would have given the page the resource policy and blocked its own scripts.
 */
function isResourcePath(url: string): boolean {
  return RESOURCE_PREFIXES.some((prefix) => url.startsWith(prefix));
}
