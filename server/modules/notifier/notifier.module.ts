import type { FastifyInstance } from "fastify";
import { publish, type ModuleContext } from "../module.js";
import { createNotifier } from "./create-notifier.js";
import { OutboxRepository } from "./outbox.repository.js";
import { outboxRoutes } from "./outbox.routes.js";

/** SMS and e-mail (verification codes), and the development outbox's pages where it is allowed. */
export async function notifierModule(app: FastifyInstance, { config, db, now }: ModuleContext) {
  publish(app, "notifier", createNotifier(config, db, now));
  if (config.developmentProviders) await app.register(outboxRoutes, { outbox: new OutboxRepository(db) });
}
