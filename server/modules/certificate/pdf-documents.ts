import { renderNotarialCertificatePdf, type NotarialCertificatePdfInput } from "../notarization/notarial-certificate-pdf.js";
import { renderCertificatePdf, type CertificatePdfInput } from "./certificate-pdf.js";

/**
 * The documents the drawing threads draw (certificate-pdf-pool.ts): an evidence certificate, or a
 * notarial certificate (issue 17, before its seal). Each is drawn with pdfkit and the CJK font the
 * thread loaded once.
 */
export type PdfDocumentRequest = { kind: "evidenceCertificate"; input: CertificatePdfInput } | { kind: "notarialCertificate"; input: NotarialCertificatePdfInput };

export function drawPdfDocument(request: PdfDocumentRequest): Promise<Buffer> {
  switch (request.kind) {
    case "evidenceCertificate":
      return renderCertificatePdf(request.input);
    case "notarialCertificate":
      return renderNotarialCertificatePdf(request.input);
  }
}
