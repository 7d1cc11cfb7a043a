import type { LegalRule } from "./legal-rule.js";

/** Our summaries of the provisions the assistant cites: written in the content helper's branch. */
export const LEGAL_RULES: readonly LegalRule[] = [];
