import { CertificateFactsSchema, type CertificateFacts } from "../schema/certificate";
import { CERTIFICATE_ATTACHMENTS } from "../schema/certificate-names";
import { readPdfAttachments } from "./pdf-attachments";
import { PdfFormatError } from "./pdf-objects";

/** What a certificate PDF carries for verification (its embedded files). */
export interface CertificateContents {
  readonly entry: Uint8Array;
  readonly proofBundle: string;
  /** The printed facts; null when missing or unreadable (they are not needed for the proof). */
  readonly facts: CertificateFacts | null;
  /** The holder's identity approval entry and its proof, on certificates that state one. */
  readonly identityProof: { readonly entry: Uint8Array; readonly proofBundle: string } | null;
}

/** Reads the embedded proof of a certificate PDF; throws PdfFormatError with a Chinese message when it is not there. */
export async function readCertificatePdf(pdf: Uint8Array): Promise<CertificateContents> {
  let files: Map<string, Uint8Array>;
  try {
    files = await readPdfAttachments(pdf);
  } catch (error) {
    throw new PdfFormatError(`无法读取 PDF 文件：${(error as Error).message}`);
  }
  const entry = files.get(CERTIFICATE_ATTACHMENTS.entry);
  const proof = files.get(CERTIFICATE_ATTACHMENTS.proof);
  if (!entry || !proof) throw new PdfFormatError(`PDF 中没有内嵌的证据记录和证明（${CERTIFICATE_ATTACHMENTS.entry}、${CERTIFICATE_ATTACHMENTS.proof}），不是本平台的存证证书`);
  const factsFile = files.get(CERTIFICATE_ATTACHMENTS.certificate);
  let facts: CertificateFacts | null = null;
  if (factsFile) {
    try {
      facts = CertificateFactsSchema.parse(JSON.parse(new TextDecoder().decode(factsFile)));
    } catch {
      facts = null;
    }
  }
  const identityEntry = files.get(CERTIFICATE_ATTACHMENTS.identityEntry);
  const identityProof = files.get(CERTIFICATE_ATTACHMENTS.identityProof);
  return {
    entry,
    proofBundle: new TextDecoder().decode(proof),
    facts,
    identityProof: identityEntry && identityProof ? { entry: identityEntry, proofBundle: new TextDecoder().decode(identityProof) } : null,
  };
}
