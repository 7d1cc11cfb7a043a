import { derivedPicture, editedCopyOf, pageAround, sampleArticle, samplePicture, unrelatedArticle, unrelatedPicture } from "../../support/monitor-corpus.js";
import { file, newsSite, startMonitorSite, type MonitorSite } from "../../support/monitor-sites.js";

/**
 * The two loopback sites the monitoring journey watches (tests/e2e/monitor-journey.test.ts), served
 * by the end-to-end global setup so that the one shared server may crawl them (CAPTURE_ALLOWED_HOSTS).
 * - 转载网 copies the journey's article with edits, inside a page with other text, and shows a
 *   resized, recompressed and mirrored copy of the journey's picture;
 * - 别家网 has an unrelated article and an unrelated picture.
 * The works themselves (sampleArticle(), samplePicture(PICTURE_SEED)) are made again by the test:
 * the corpus is seeded, so both sides hold the same bytes.
 */

export const PICTURE_SEED = 3;

export interface MonitoredSites {
  copying: { origin: string; articleUrl: string; articleTitle: string; galleryUrl: string };
  unrelated: { origin: string };
  allowedHosts: string[];
}

export async function serveMonitoredSites(): Promise<MonitoredSites & { close(): Promise<void> }> {
  const article = sampleArticle();
  const other = unrelatedArticle();
  const picture = await samplePicture(PICTURE_SEED);
  const copyTitle = `${article.title}（转载）`;
  const copying: MonitorSite = await startMonitorSite({
    ...newsSite("转载网", [
      { path: "/news/1.html", title: copyTitle, author: "转载编辑", published: "2026-11-20T09:30:00+08:00", paragraphs: pageAround(editedCopyOf(article.text), other.text.slice(0, 200)).split("\n") },
      { path: "/news/2.html", title: other.title, author: "本网记者", published: "2026-11-21T10:00:00+08:00", paragraphs: [other.text] },
      { path: "/gallery.html", title: "图片集锦", paragraphs: ["网友上传的风景照片。"], images: ["/img/copy.jpg"] },
    ]),
    "/img/copy.jpg": file(await derivedPicture(picture), "image/jpeg"),
  });
  const unrelated: MonitorSite = await startMonitorSite({
    ...newsSite("别家网", [
      { path: "/news/3.html", title: other.title, author: "别家记者", published: "2026-11-22T08:00:00+08:00", paragraphs: [other.text] },
      { path: "/gallery.html", title: "摄影作品", paragraphs: ["本站摄影师的作品。"], images: ["/img/other.jpg"] },
    ]),
    "/img/other.jpg": file(await unrelatedPicture(PICTURE_SEED), "image/jpeg"),
  });
  return {
    copying: { origin: copying.origin, articleUrl: copying.url("/news/1.html"), articleTitle: copyTitle, galleryUrl: copying.url("/gallery.html") },
    unrelated: { origin: unrelated.origin },
    allowedHosts: [copying.host, unrelated.host],
    async close() {
      await Promise.all([copying.close(), unrelated.close()]);
    },
  };
}
