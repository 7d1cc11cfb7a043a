import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { CLOUD_BROWSER_PAGE_PATH } from "../../src/schema/cloud-browser.js";
import { WEBAPI_PREFIX } from "../../src/schema/contract.js";
import { ResultCode } from "../../src/schema/envelope.js";
import { sendFailure } from "../http/envelope.js";
import { RECORDER_POLICY } from "./security-headers.js";

/** URL spaces that are never the single-page app: an unknown path there is a real 404. */
const NON_APP_PREFIXES = [`${WEBAPI_PREFIX}/`, "/assets/", "/opendocs", "/ledger/", "/witness/", "/ws/"];

/**
 * Serves the built client (dist/) and answers every other page path with index.html, so that
 * history-mode deep links load the app; the client router then decides (spec §2), including the
 * static error page for unmatched routes.
 */
export const clientPlugin = fp(async function clientPlugin(app: FastifyInstance, options: { clientDir: string }) {
  const indexFile = path.join(options.clientDir, "index.html");
  const hasClient = fs.existsSync(indexFile);

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: ["index.html"],
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every file name under assets/ except our own images.
        reply.header("cache-control", cacheControlFor(filePath));
      },
    });
  }

  // The procedure recorder is a page of its own (spec §2), not a route of the app.
  const recorderFile = "precord.html";
  if (hasClient && fs.existsSync(path.join(options.clientDir, recorderFile))) {
    app.get(CLOUD_BROWSER_PAGE_PATH, { config: { session: "tokenless" } }, (_request, reply) => reply.header("cache-control", "no-cache").header("content-security-policy", RECORDER_POLICY).sendFile(recorderFile));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith(`${WEBAPI_PREFIX}/`) || !isPageRequest(request)) {
      return sendFailure(reply, 404, ResultCode.notFound);
    }
    if (!hasClient) {
      return reply
        .code(503)
        .type("text/html; charset=utf-8")
        .send("<!doctype html><meta charset=utf-8><p>客户端尚未构建：请先运行 <code>npm run build</code>（或 <code>npm start</code>）。</p>");
    }
    return reply.sendFile("index.html");
  });
});

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = request.url.split("?")[0];
  return !NON_APP_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

function cacheControlFor(filePath: string): string {
  // The page must always be fresh so it names the newest bundles; Vite puts a content hash in
  // every bundle name, so those never change; our own images may.
  if (filePath.endsWith("index.html")) return "no-cache";
  if (/[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.(js|css)$/.test(filePath)) return "public, max-age=31536000, immutable";
  return "public, max-age=300";
}
