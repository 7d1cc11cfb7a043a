import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { keepTidy } from "../../jobs/housekeeping.js";
import { sessionPlugin } from "../../plugins/session.js";
import { publish, type ModuleContext } from "../module.js";
import { redisSessionEnds } from "./session-ends-channel.js";
import { SessionRepository } from "./session.repository.js";
import { sessionRoutes } from "./session.routes.js";
import { SessionService } from "./session.service.js";

/**
 * Sessions (DESIGN.md §4). Wrapped in fastify-plugin because it is also cross-cutting: the
 * session check it installs (plugins/session.ts) must run for every route of every module.
 * With Redis, session ends reach the installation's other processes at once (issue 20).
 */
export const sessionModule = fp(
  async function sessionModule(app: FastifyInstance, { config, db, now, redis }: ModuleContext) {
    const idleLimits = config.userSessionIdleMs ? { user: config.userSessionIdleMs } : {};
    const ends = redis ? redisSessionEnds(redis, app.log) : undefined;
    const sessions = publish(app, "sessions", new SessionService(new SessionRepository(db), now, { idleLimits, ends, log: app.log }));
    await ends?.listen((notice) => sessions.forget(notice));
    sessions.startWritingBehind();
    // Before the database closes (close hooks run last-registered first): pending refreshes are written.
    app.addHook("onClose", async () => sessions.close());
    // The console module publishes the operator gate later (app.ts order); it is read per call.
    const services: Partial<typeof app.services> = app.services;
    await app.register(sessionPlugin, { sessions, operatorGate: () => services.console?.gate });
    await app.register(sessionRoutes, { sessions });
    keepTidy(app, [{ name: "sessions", run: () => sessions.purgeEnded() }]);
  },
  { name: "session-module" },
);
