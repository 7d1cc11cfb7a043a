import { buildApp } from "../../../server/app.js";
import { loadConfig } from "../../../server/config.js";
import { captureDouble } from "../../server/support/capture-double.js";

/**
 * A worker process for the multi-process tests, to be killed with SIGKILL: the real app with the
 * role "worker" (as server/worker.ts builds it) and the capture double as its engine, configured
 * by the environment the test gives. It says "ready" once built and "held <url>" when the capture
 * of HOLD_URL (a /hold page) is under way.
 */
const double = captureDouble();
const holdUrl = process.env.HOLD_URL;
if (holdUrl) void double.whenHeld(holdUrl).then(() => process.stdout.write(`held ${holdUrl}\n`));
await buildApp({ config: loadConfig(process.env), role: "worker", capture: { engine: double.engine } });
process.stdout.write("ready\n");
