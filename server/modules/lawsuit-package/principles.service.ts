import type { Readable } from "node:stream";
import { LAWSUIT_PACKAGE_MESSAGES, LawSuitPackageCode, PRINCIPLES_PAGE_URL_PREFIX, type EleEvidencePrinciple } from "../../../src/schema/lawsuit-package.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { AppMetaRepository } from "../../db/app-meta.repository.js";
import { BusinessError } from "../../http/envelope.js";
import { paragraphOf } from "../content/html-sanitiser.js";
import { PageRendererMissingError, renderPdfPages } from "./pdf-page-images.js";
import { documentHash, renderPlatformDocumentPdf } from "./platform-document-pdf.js";
import type { PrinciplesDocument } from "./principles-document.js";

/** The PDF's metadata date: fixed, so that the PDF depends on the text alone. */
const DOCUMENT_DATE = Date.UTC(2026, 0, 1);
const PDF_KEY = "lawsuit-package.principles.pdf:";
const PAGES_KEY = "lawsuit-package.principles.pages:";

/**
 * The principles of electronic evidence (电子证据原理, HLELEEVIDENCE): our own text drawn once as a
 * PDF and its pages as PNGs, all kept in the blob store and found again by the text's hash
 * (app_meta), so a restart or another replica draws nothing twice and a new text is drawn anew.
 * Only the current text's pages are served below PRINCIPLES_PAGE_URL_PREFIX.
 */
export class PrinciplesService {
  #pdf: Promise<string> | null = null;
  #pages: Promise<string[]> | null = null;
  readonly #hash: string;

  constructor(
    private readonly deps: {
      document: PrinciplesDocument;
      blobs: BlobStore;
      meta: AppMetaRepository;
      now: () => number;
      /** pdftoppm's path. */
      pageRenderer?: string;
    },
  ) {
    this.#hash = documentHash(deps.document);
  }

  async principle(): Promise<EleEvidencePrinciple> {
    const { document } = this.deps;
    const pages = await this.#pageBlobs();
    return {
      brief: document.brief,
      subTitle: document.subTitle,
      // The brief is shown by itself; the content says what the pages hold.
      content: paragraphOf(`全文共 ${pages.length} 页，内容依次为：${document.sections.map((section) => section.heading).join("；")}。`),
      pngList: pages.map((sha256, index) => ({ filePath: PRINCIPLES_PAGE_URL_PREFIX + sha256, page: index + 1 })),
    };
  }

  async pdf(): Promise<{ name: string; body: Buffer }> {
    const body = await this.deps.blobs.read(await this.#pdfBlob());
    if (!body) throw new Error("principles: the cached PDF left the blob store");
    return { name: `${this.deps.document.title}.pdf`, body };
  }

  /** A page image of the current text; null for any other blob. */
  async openPage(sha256: string): Promise<{ stream: Readable; mimeType: string } | null> {
    const pages = await this.#pageBlobs().catch((): string[] => []);
    const stream = pages.includes(sha256) ? await this.deps.blobs.open(sha256) : null;
    return stream && { stream, mimeType: "image/png" };
  }

  #pdfBlob(): Promise<string> {
    return (this.#pdf ??= this.#cached(PDF_KEY, async () => this.deps.blobs.put(await renderPlatformDocumentPdf(this.deps.document, DOCUMENT_DATE))).catch((error) => {
      this.#pdf = null;
      throw error;
    }));
  }

  #pageBlobs(): Promise<string[]> {
    this.#pages ??= this.#cached(PAGES_KEY, async () => {
      const pdf = (await this.deps.blobs.read(await this.#pdfBlob()))!;
      const pages = await renderPdfPages(pdf, this.deps.pageRenderer);
      const names: string[] = [];
      for (const page of pages) names.push(await this.deps.blobs.put(page));
      return JSON.stringify(names);
    })
      .then((value) => JSON.parse(value) as string[])
      .catch((error) => {
        this.#pages = null;
        if (error instanceof PageRendererMissingError) throw new BusinessError(LawSuitPackageCode.pagesUnavailable, LAWSUIT_PACKAGE_MESSAGES.pagesUnavailable);
        throw error;
      });
    return this.#pages;
  }

  /** The value recorded under `prefix` + the text's hash, made and recorded first when absent (the first recorder wins). */
  async #cached(prefix: string, make: () => Promise<string>): Promise<string> {
    const key = prefix + this.#hash;
    const known = await this.deps.meta.get(key);
    if (known !== null) return known;
    await this.deps.meta.markOnce(key, await make(), this.deps.now());
    return (await this.deps.meta.get(key))!;
  }
}
