import type { FastifyInstance } from "fastify";
import type { ModuleContext } from "../module.js";
import { commonRoutes } from "./common.routes.js";
import { CommonService } from "./common.service.js";
import { DappRepository } from "./dapp.repository.js";

/** The common calls every page makes (spec §7 common): server time, related applications. */
export async function commonModule(app: FastifyInstance, { config, db, now }: ModuleContext) {
  await app.register(commonRoutes, { service: new CommonService(new DappRepository(db), now, config.storagePrefix) });
}
