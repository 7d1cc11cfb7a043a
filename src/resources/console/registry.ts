import type { Registry } from "../types";
import { content } from "./content";
import { customers } from "./customers";
import { finance } from "./finance";
import { platform } from "./platform";
import { review } from "./review";

/**
 * The operator console's main sections (issue 13), in the registry vocabulary of the customer app
 * (src/resources/types.ts) and mounted below APP_PATHS.console: a page is
 * `/console/<main>/<section>/<page>`, and a section names the permission it needs. Routes, the
 * console's menu, refine's resources and the access rule are derived from this list (derive.ts);
 * a main section without sections is simply not shown.
 */
export const CONSOLE_REGISTRY: Registry = [review, customers, finance, content, platform];
