import type { FastifyInstance } from "fastify";
import {
  CLOUD_BROWSER_CLOSE_CODES,
  CLOUD_BROWSER_ENDPOINTS,
  CLOUD_BROWSER_MESSAGES,
  CLOUD_BROWSER_SOCKET_PATH,
  CloudBrowserClientMessageSchema,
  CloudBrowserSocketQuerySchema,
  type CloudBrowserServerMessage,
} from "../../../src/schema/cloud-browser.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { keepSocketAlive } from "../../http/socket-keepalive.js";
import type { CloudBrowserEngine } from "../../recording/cloud-browser/cloud-browser-engine.js";
import { sessionUserId } from "../personal/route-helpers.js";
import type { SessionService } from "../session/session.service.js";
import type { CloudBrowserService } from "./cloud-browser.service.js";

/** A page that stops answering pings is let go (and the session's 60 s detachment clock starts). */
const PING_INTERVAL_MS = 15_000;
/** The holder's session is refreshed at most this often while it works in the recorder. */
const SESSION_REFRESH_MS = 60_000;

/**
 * The cloud browser's calls and its socket. The socket is authenticated as the calls are (the
 * customer's session token, checked by the session service) plus the session id; one page holds
 * a session at a time.
 */
export async function cloudBrowserRoutes(app: FastifyInstance, options: { service: CloudBrowserService; engine: CloudBrowserEngine; sessions: SessionService }) {
  const { service, engine, sessions } = options;
  registerEndpoint(app, CLOUD_BROWSER_ENDPOINTS.start, async (form, request) => ok(await service.start(sessionUserId(request), form)));
  registerEndpoint(app, CLOUD_BROWSER_ENDPOINTS.stop, async ({ id }, request) => ok(await service.stop(sessionUserId(request), id)));
  registerEndpoint(app, CLOUD_BROWSER_ENDPOINTS.state, async ({ id }, request) => ok(await service.state(sessionUserId(request), id)));

  // The session plugin leaves the socket alone ("tokenless"): a refusal here is a close code, not an envelope.
  app.get(CLOUD_BROWSER_SOCKET_PATH, { websocket: true, config: { session: "tokenless" } }, async (socket, request) => {
    const query = CloudBrowserSocketQuerySchema.safeParse(request.query);
    if (!query.success) return socket.close(CLOUD_BROWSER_CLOSE_CODES.notFound, "bad query");
    const lookup = await sessions.resolve(query.data.token, "user");
    if (!lookup.ok) return socket.close(CLOUD_BROWSER_CLOSE_CODES.unauthorized, String(lookup.code));
    const session = lookup.session;
    const send = (message: CloudBrowserServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const hold = engine.hold(Number(session.subjectId), query.data.session, { send, backlog: () => socket.bufferedAmount, letGo: () => socket.close(1000, "ended") });
    if (hold === "notFound") return socket.close(CLOUD_BROWSER_CLOSE_CODES.notFound, "not found");
    if (hold === "heldElsewhere") return socket.close(CLOUD_BROWSER_CLOSE_CODES.heldElsewhere, "held elsewhere");

    keepSocketAlive(socket, PING_INTERVAL_MS);
    let refreshedAt = Date.now();
    socket.on("message", (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        parsed = null;
      }
      const message = CloudBrowserClientMessageSchema.safeParse(parsed);
      if (!message.success) return send({ type: "error", message: CLOUD_BROWSER_MESSAGES.badMessage, fatal: false });
      hold.handle(message.data);
      if (Date.now() - refreshedAt > SESSION_REFRESH_MS) {
        refreshedAt = Date.now();
        void sessions.refresh(session).catch((error: unknown) => request.log.warn({ err: error }, "cloud browser: session refresh failed"));
      }
    });
    socket.on("close", () => hold.release());
  });
}
