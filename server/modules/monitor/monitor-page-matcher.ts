import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { MONITOR_CHANNELS, type MatchType, type MonitorChannel } from "../../../src/schema/monitor.js";
import type { AudioPrint, CrawledPage, ImagePrint, MatchVerdict, VideoPrint, WorkFingerprint } from "../../monitoring/monitoring.types.js";
import type { MonitorMatchers } from "./monitor-ports.js";

/** A work as the matcher compares it: its id and its fingerprints. */
export type PreparedWork = { id: number; print: WorkFingerprint };

/** What one page matched: a verdict per work (null for keywords), the best one when a work matched several times. */
export type PageVerdict = { workId: number | null; verdict: MatchVerdict };

/** Pictures and media files of one page looked at, at most; a page with more is a gallery, and its first ones stand for it. */
const MAX_MEDIA_PER_PAGE = 30;

export type PageMatcherOptions = {
  matchers: MonitorMatchers;
  channel: MonitorChannel;
  works: readonly PreparedWork[];
  keywords: readonly string[];
  excludeKeywords: readonly string[];
  /** The largest picture or media file fetched to compare. */
  mediaMaxBytes: number;
  log: FastifyBaseLogger;
};

/**
 * Compares one crawled page with a task's works by the channel's matchers: text works against
 * the page's main text and then its full text (a copy wrapped in other content), pictures and
 * logos against each picture of the page (fetched within the crawl's budget), audio and video
 * against each media file (fetched into a temporary file that is removed), keywords over the full
 * text. A task with keywords on another channel looks only at pages containing them. A picture
 * or media file that cannot be read is skipped, not the page.
 */
export class PageMatcher {
  readonly #types: readonly MatchType[];

  constructor(private readonly options: PageMatcherOptions) {
    this.#types = MONITOR_CHANNELS[options.channel].matchers;
  }

  async match(page: CrawledPage): Promise<PageVerdict[]> {
    const { matchers, keywords, excludeKeywords } = this.options;
    const { facts } = page;
    if (this.#types.includes("keyword")) {
      const verdict = matchers.matchKeywords(facts.fullText, [...keywords], [...excludeKeywords]);
      return verdict ? [{ workId: null, verdict }] : [];
    }
    if (keywords.length > 0 && !matchers.matchKeywords(facts.fullText, [...keywords], [...excludeKeywords])) return [];
    const best = new Map<number, MatchVerdict>();
    const keep = (workId: number, verdict: MatchVerdict | null) => {
      if (verdict && (best.get(workId)?.score ?? -1) < verdict.score) best.set(workId, verdict);
    };
    for (const work of this.worksOf("text")) {
      if (work.print.kind === "text") keep(work.id, matchers.matchText(work.print.text, facts.mainText) ?? matchers.matchText(work.print.text, facts.fullText));
    }
    await this.matchPictures(page, keep);
    await this.matchMedia(page, "audio", facts.audio, keep);
    await this.matchMedia(page, "video", facts.video, keep);
    return [...best].map(([workId, verdict]) => ({ workId, verdict }));
  }

  /** The works this channel compares by `type` (a rights channel's works follow their fingerprints' kinds). */
  private worksOf(type: MatchType): PreparedWork[] {
    if (!this.#types.includes(type)) return [];
    return this.options.works.filter((work) => work.print.kind === type);
  }

  private async matchPictures(page: CrawledPage, keep: (workId: number, verdict: MatchVerdict | null) => void): Promise<void> {
    const { matchers } = this.options;
    const images = this.worksOf("image");
    const logos = this.worksOf("logo");
    if (images.length === 0 && logos.length === 0) return;
    for (const url of page.facts.images.slice(0, MAX_MEDIA_PER_PAGE)) {
      const bytes = await page.fetchMedia(url, this.options.mediaMaxBytes);
      if (!bytes) continue;
      let found: ImagePrint | null = null;
      try {
        if (images.length > 0) found = await matchers.fingerprintImage(bytes);
        for (const work of images) if (work.print.kind === "image") keep(work.id, matchers.matchImage(work.print.variants, found!, "image", url));
        for (const work of logos) if (work.print.kind === "logo") keep(work.id, await matchers.matchLogo(work.print.variants, bytes, url));
      } catch (error) {
        this.options.log.info({ err: error, url }, "monitor: a picture of a page could not be read");
      }
    }
  }

  private async matchMedia(page: CrawledPage, type: "audio" | "video", urls: readonly string[], keep: (workId: number, verdict: MatchVerdict | null) => void): Promise<void> {
    const { matchers } = this.options;
    const works = this.worksOf(type);
    if (works.length === 0) return;
    for (const url of urls.slice(0, MAX_MEDIA_PER_PAGE)) {
      const bytes = await page.fetchMedia(url, this.options.mediaMaxBytes);
      if (!bytes) continue;
      const folder = await mkdtemp(path.join(tmpdir(), "monitor-media-"));
      try {
        const file = path.join(folder, "media");
        await writeFile(file, bytes);
        if (type === "audio") {
          const found: AudioPrint = await matchers.fingerprintAudio(file);
          for (const work of works) if (work.print.kind === "audio") keep(work.id, matchers.matchAudio(work.print.audio, found, url));
        } else {
          const found: VideoPrint = await matchers.fingerprintVideo(file);
          for (const work of works) if (work.print.kind === "video") keep(work.id, matchers.matchVideo(work.print.video, found, url));
        }
      } catch (error) {
        this.options.log.info({ err: error, url }, `monitor: a ${type} file of a page could not be read`);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    }
  }
}
