import type {
  AudioPrint,
  CrawledPage,
  CrawlSummary,
  ImagePrint,
  ImageVariantPrint,
  MatcherAvailability,
  MatchVerdict,
  PageFacts,
  SiteBounds,
  TextPrint,
  VideoPrint,
} from "../../monitoring/monitoring.types.js";
import type { HitRecorder } from "./hits/hit-recorder.js";

/**
 * What the monitor module is given from outside: the matching and crawling libraries
 * (server/monitoring/matchers and server/monitoring/crawl, which know nothing of tasks) and the
 * hits recorder (modules/monitor/hits). The module decides what to compare with what and when;
 * these do the comparing, the fetching and the recording.
 */

/** The matchers library's calls the module makes (server/monitoring/matchers/index.ts). */
export interface MonitorMatchers {
  fingerprintText(text: string): TextPrint;
  matchText(work: TextPrint, foundText: string): MatchVerdict | null;
  fingerprintImage(bytes: Buffer): Promise<ImagePrint>;
  fingerprintWorkImage(bytes: Buffer): Promise<ImageVariantPrint[]>;
  matchImage(work: ImageVariantPrint[], found: ImagePrint, kind: "image" | "logo", imageUrl: string): MatchVerdict | null;
  matchLogo(work: ImageVariantPrint[], foundBytes: Buffer, imageUrl: string): Promise<MatchVerdict | null>;
  fingerprintAudio(path: string): Promise<AudioPrint>;
  matchAudio(work: AudioPrint, found: AudioPrint, mediaUrl: string): MatchVerdict | null;
  fingerprintVideo(path: string): Promise<VideoPrint>;
  matchVideo(work: VideoPrint, found: VideoPrint, mediaUrl: string): MatchVerdict | null;
  matchKeywords(text: string, keywords: string[], exclude: string[]): MatchVerdict | null;
  matcherAvailability(): Promise<MatcherAvailability>;
}

/** One crawl as the module asks for it; the crawl library brings its own fetcher under the capture's network policy. */
export interface CrawlRequest {
  signal: AbortSignal;
  /** Pause between two requests to the site (a longer robots.txt Crawl-delay wins). */
  delayMs: number;
  /** Hosts whose robots.txt the operator overrides (MONITOR_IGNORE_ROBOTS_HOSTS). */
  ignoreRobotsHosts: readonly string[];
  onPage(page: CrawledPage): Promise<void>;
}

/** The crawl library's calls (server/monitoring/crawl), bound to the platform's network policy and browser. */
export interface MonitorCrawler {
  crawlSite(bounds: SiteBounds, request: CrawlRequest): Promise<CrawlSummary>;
  /** A text work uploaded as HTML is read as a page is (its main text). */
  extractPageFacts(html: string, url: string): PageFacts;
}

/** Records a hit once (idempotent by its key) and starts its web capture: the hits part's recorder. */
export type HitSink = Pick<HitRecorder, "record">;

export interface MonitorLibraries {
  matchers: MonitorMatchers;
  crawler: MonitorCrawler;
}
