import type { SeedMenu } from "./help-seed.types.js";

/** The help centre's development content: written in the content helper's branch. */
export const HELP_SEED: readonly SeedMenu[] = [];
