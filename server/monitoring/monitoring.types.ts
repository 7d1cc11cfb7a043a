import type { HitMatch, MatchType } from "../../src/schema/monitor.js";

/**
 * The seams between the monitoring module (server/modules/monitor: tasks, billing, schedule, hits)
 * and the two libraries it drives, which know nothing of tasks or databases:
 * - server/monitoring/matchers: fingerprints of works and of what a crawl finds, and the comparison;
 * - server/monitoring/crawl: polite, bounded crawling of one site.
 * Everything here is plain data that survives JSON (fingerprints are stored as JSON text).
 */

// ---- matching ----

/** A work's fingerprints, as stored in monitor_works.fingerprint_json; `kind` says which matcher made it. */
export type WorkFingerprint =
  | { kind: "text"; text: TextPrint }
  | { kind: "image"; variants: ImageVariantPrint[] }
  | { kind: "logo"; variants: ImageVariantPrint[] }
  | { kind: "audio"; audio: AudioPrint }
  | { kind: "video"; video: VideoPrint };

/** 64-bit SimHash as 16 lowercase hex digits, plus the normalised text the passages are found in. */
export interface TextPrint {
  simhash: string;
  /** The text after normalisation (NFKC, whitespace collapsed); passages are offsets into it. */
  normalized: string;
}

/** Perceptual hashes of one picture, each 64 bits as 16 hex digits (phash: DCT; dhash: gradient; ahash: mean). */
export interface ImagePrint {
  phash: string;
  dhash: string;
  ahash: string;
  width: number;
  height: number;
}

/** A work's picture in one variant (original, mirrored, crop-centre-80 …), so an edited copy meets its own variant. */
export interface ImageVariantPrint extends ImagePrint {
  variant: string;
}

/** Chromaprint (fpcalc -raw) fingerprint: 32-bit integers at fpcalc's item rate, and the duration. */
export interface AudioPrint {
  fingerprint: number[];
  durationSeconds: number;
}

/** Keyframes of a video (their times) with each frame's perceptual hashes. */
export interface VideoPrint {
  durationSeconds: number;
  frames: { seconds: number; phash: string; dhash: string }[];
}

/** What a matcher answers for a candidate that matches: the hit's evidence of why, and a 0–100 score. */
export interface MatchVerdict {
  score: number;
  match: HitMatch;
}

/** Matchers that need a Debian tool say why they cannot run here (the pages show it). */
export type MatcherAvailability = Record<MatchType, { available: true } | { available: false; reason: string }>;

// ---- crawling ----

/** What a crawled HTML page says about itself. */
export interface PageFacts {
  url: string;
  title: string;
  /** meta author / article:author / a byline, when the page has one. */
  author: string | null;
  /** article:published_time, <time datetime>, or a date in the text; ms since the epoch. */
  publishTime: number | null;
  /** The page's main text (navigation and boilerplate left out where it can tell), and all its visible text. */
  mainText: string;
  fullText: string;
  /** Absolute addresses of pictures, audio and video on the page (img/src, srcset's largest, audio/video/source). */
  images: string[];
  audio: string[];
  video: string[];
}

export interface SiteBounds {
  /** Start address of the site. */
  url: string;
  /** Link depth from the start page (0: the start page only). */
  depth: number;
  maxPages: number;
  /** Bytes fetched in all (pages and media) before the crawl stops. */
  maxBytes: number;
}

/** A page the crawler fetched, handed to the module to match; `fetchMedia` reads a picture or media file of it within the crawl's budget. */
export interface CrawledPage {
  facts: PageFacts;
  /** SHA-256 of the page's main text and media addresses: the module skips a page seen before unchanged. */
  contentSha256: string;
  fetchMedia(url: string, maxBytes: number): Promise<Buffer | null>;
}

export interface CrawlSummary {
  pages: number;
  bytes: number;
  skippedByRobots: number;
  /** Addresses that failed, with why (at most 20 kept). */
  failures: { url: string; reason: string }[];
  /** Set when the crawl could not start (start page refused, robots forbids everything …). */
  failure: string | null;
}
