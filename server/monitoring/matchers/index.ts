/**
 * The monitoring matchers: fingerprints of works and of what a crawl finds, and the comparison.
 * Pure functions over text, buffers and files (no database, no HTTP); the monitor module stores the
 * fingerprints (monitoring.types.ts) and turns verdicts into hits.
 * - Works are fingerprinted once (fingerprintText / fingerprintWorkImage / fingerprintAudio /
 *   fingerprintVideo) and stored as JSON; found items are fingerprinted as a crawl meets them.
 * - matchText indexes a work once per TextPrint object: keep the parsed prints for a whole crawl and
 *   compare each page with every work in a row (the page is normalised once).
 * - A file the matchers cannot read throws MatcherInputError with a Chinese message for the user;
 *   a verdict is null when nothing matches. Every `match` parses with HitMatchSchema.
 * - Audio needs Debian's fpcalc, video ffmpeg/ffprobe: matcherAvailability() says which run here.
 * Precision, recall and throughput of each: bench/monitor-matchers.bench.ts.
 */
export { MatcherInputError } from "./matcher-errors.js";
export { fingerprintText, matchText, normalizeText } from "./text-matcher.js";
export { matchKeywords } from "./keyword-matcher.js";
export { fingerprintImage, fingerprintWorkImage, matchImage } from "./image-matcher.js";
export { matchLogo } from "./logo-matcher.js";
export { fingerprintAudio, matchAudio } from "./audio-matcher.js";
export { fingerprintVideo, matchVideo } from "./video-matcher.js";
export { matcherAvailability, probeDuration } from "./media-tools.js";
