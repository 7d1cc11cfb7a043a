import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { PDFArray, PDFDict, PDFDocument, PDFName } from "pdf-lib";
import type { Signer } from "@signpdf/utils";
import { sealPdf } from "./seal-image.js";

/**
 * Puts a visible seal on one page of a PDF and signs the whole document (PAdES; the signer makes
 * the CMS). pdf-lib rewrites the file without object streams so the signature dictionary stays
 * plain text for @signpdf to fill; a document signed before would lose its signatures that way,
 * so it is refused rather than silently broken.
 */
export type SealAppearance = { kind: "generated"; organisation: string; bottomText: string | null } | { kind: "uploaded"; png: Buffer };

export interface SealPdfOptions {
  appearance: SealAppearance;
  signer: Signer;
  /** 1-based page; the last page when absent. */
  page?: number | null;
  signingTime: Date;
  /** The signature dictionary's Name, Reason, Location and ContactInfo (shown by validators). */
  signerName: string;
  reason: string;
  location: string;
  contactInfo: string;
}

export type PdfRefusal = "notPdf" | "encrypted" | "alreadySigned" | "noSuchPage";

export class PdfSealRefusal extends Error {
  override name = "PdfSealRefusal";
  constructor(readonly reason: PdfRefusal) {
    super(reason);
  }
}

/** The seal's side on the page (points) and its distance from the bottom-right corner. */
const SEAL_SIZE = 120;
const SEAL_MARGIN = 36;
/** Room for the CMS: two certificates, the signature and a TSA token with its own chain. */
const SIGNATURE_BYTES = 16384;

export async function loadSealablePdf(input: Buffer): Promise<PDFDocument> {
  if (input.subarray(0, 1024).indexOf("%PDF-") === -1) throw new PdfSealRefusal("notPdf");
  let doc: PDFDocument;
  try {
    // Loaded even when encrypted, so an encrypted file is named as such rather than as unreadable.
    doc = await PDFDocument.load(input, { updateMetadata: false, ignoreEncryption: true });
    if (doc.isEncrypted) throw new PdfSealRefusal("encrypted");
    // pdf-lib parses leniently; a file without a page tree only fails once its pages are asked for.
    if (doc.getPageCount() === 0) throw new PdfSealRefusal("notPdf");
  } catch (error) {
    if (error instanceof PdfSealRefusal) throw error;
    throw new PdfSealRefusal("notPdf");
  }
  if (hasSignatureField(doc)) throw new PdfSealRefusal("alreadySigned");
  return doc;
}

export async function sealPdfDocument(input: Buffer, options: SealPdfOptions): Promise<{ pdf: Buffer; page: number; pages: number }> {
  const doc = await loadSealablePdf(input);
  const pages = doc.getPageCount();
  const pageNumber = options.page ?? pages;
  if (pageNumber < 1 || pageNumber > pages) throw new PdfSealRefusal("noSuchPage");
  const page = doc.getPage(pageNumber - 1);
  const box = page.getCropBox();
  const x = box.x + box.width - SEAL_MARGIN - SEAL_SIZE;
  const y = box.y + SEAL_MARGIN;
  if (options.appearance.kind === "generated") {
    const [embedded] = await doc.embedPdf(await sealPdf(options.appearance.organisation, options.appearance.bottomText));
    page.drawPage(embedded, { x, y, width: SEAL_SIZE, height: SEAL_SIZE });
  } else {
    const image = await doc.embedPng(options.appearance.png);
    const scale = SEAL_SIZE / Math.max(image.width, image.height);
    page.drawImage(image, { x, y, width: image.width * scale, height: image.height * scale });
  }
  pdflibAddPlaceholder({
    pdfPage: page,
    reason: pdfTextLiteral(options.reason),
    contactInfo: pdfTextLiteral(options.contactInfo),
    name: pdfTextLiteral(options.signerName),
    location: pdfTextLiteral(options.location),
    signingTime: options.signingTime,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: [x, y, x + SEAL_SIZE, y + SEAL_SIZE],
    appName: "衡证电子证据平台",
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  const pdf = await new SignPdf().sign(prepared, options.signer, options.signingTime);
  return { pdf, page: pageNumber, pages };
}

/**
 * The placeholder writes its strings as literal bytes without escaping, which garbles Chinese. We
 * hand it a PDF text string already encoded: UTF-16BE with its byte-order mark, one character per
 * byte, with the bytes that end or escape a literal string (and CR, which readers turn into LF)
 * escaped.
 */
export function pdfTextLiteral(text: string): string {
  const bytes = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]);
  let literal = "";
  for (const byte of bytes) literal += byte === 0x28 || byte === 0x29 || byte === 0x5c ? `\\${String.fromCharCode(byte)}` : byte === 0x0d ? "\\r" : String.fromCharCode(byte);
  return literal;
}

function hasSignatureField(doc: PDFDocument): boolean {
  const form = doc.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  const fields = form?.lookupMaybe(PDFName.of("Fields"), PDFArray);
  if (!fields) return false;
  for (let index = 0; index < fields.size(); index += 1) {
    const field = fields.lookupMaybe(index, PDFDict);
    if (field?.get(PDFName.of("FT"))?.toString() === "/Sig" && field.get(PDFName.of("V"))) return true;
  }
  return false;
}
