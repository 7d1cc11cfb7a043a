/**
 * The names a certificate carries, apart from the certificate schema (certificate.ts) so that a
 * page needing only a name loads no schema (issue 20).
 */

/** Public page a certificate's QR code opens; `no` carries the certificate number. */
export const CERTIFICATE_VERIFY_PATH = "/info/certificate";
export const CERTIFICATE_NO_PARAM = "no";

/**
 * Files embedded in every certificate PDF (PDF EmbeddedFiles name tree), so the PDF alone is
 * verifiable: the ledger entry exactly as logged, its C2SP tlog-proof and the printed facts.
 */
export const CERTIFICATE_ATTACHMENTS = {
  entry: "evidence-entry.json",
  proof: "evidence.tlog-proof",
  certificate: "certificate.json",
  /** Only when the holder's identity was approved (HolderIdentity): the approval's entry and proof. */
  identityEntry: "identity-approval-entry.json",
  identityProof: "identity-approval.tlog-proof",
} as const;
