import type { FastifyInstance } from "fastify";
import type { DappForm, DappRecord } from "../../../src/schema/console/content.js";
import { PublicationEditor } from "../content/publication/publication-editor.js";
import { publish, type ModuleContext } from "../module.js";
import { commonRoutes } from "./common.routes.js";
import { CommonService } from "./common.service.js";
import { DAPP_KIND } from "./dapp-content.js";

/** What the console edits here: the related applications. */
export type CommonServices = { dapps: PublicationEditor<"dapps", DappForm, DappRecord> };

/** The common calls every page makes (spec §7 common): server time, related applications. */
export async function commonModule(app: FastifyInstance, { config, db, now }: ModuleContext) {
  publish(app, "common", { dapps: new PublicationEditor(db, DAPP_KIND, now) });
  await app.register(commonRoutes, { service: new CommonService(db, now, config.storagePrefix) });
}
