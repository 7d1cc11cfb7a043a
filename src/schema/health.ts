import { z } from "zod";

/**
 * The process's readiness probe for supervisors and the end-to-end tests: outside /webapi, so not
 * signed, no envelope, not in the OpenAPI contract. The server listens only once the app is built
 * (migrations run, ledger checked), so any 200 means ready.
 */
export const HEALTH_PATH = "/healthz";

export const HealthSchema = z.object({ status: z.literal("ok") });
export type Health = z.infer<typeof HealthSchema>;
