/**
 * The monitoring matchers: fingerprints of works and of what a crawl finds, and the comparison.
 * Pure functions over text, buffers and files (no database, no HTTP); the monitor module stores the
 * fingerprints (monitoring.types.ts) and turns verdicts into hits.
 */
export { MatcherInputError } from "./matcher-errors.js";
export { fingerprintText, matchText, normalizeText } from "./text-matcher.js";
export { matchKeywords } from "./keyword-matcher.js";
export { fingerprintImage, fingerprintWorkImage, matchImage } from "./image-matcher.js";
