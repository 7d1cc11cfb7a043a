/**
 * Files embedded in every certificate PDF (PDF EmbeddedFiles name tree), so the PDF alone is
 * verifiable: the ledger entry exactly as logged, its C2SP tlog-proof and the printed facts.
 * Apart from the rest of the certificate schema so a page that only names them loads no schema.
 */
export const CERTIFICATE_ATTACHMENTS = {
  entry: "evidence-entry.json",
  proof: "evidence.tlog-proof",
  certificate: "certificate.json",
  /** Only when the holder's identity was approved (HolderIdentity): the approval's entry and proof. */
  identityEntry: "identity-approval-entry.json",
  identityProof: "identity-approval.tlog-proof",
} as const;
