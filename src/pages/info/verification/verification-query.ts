import type { FileContentChecks, FileDigests } from "../../../verification/certificate-checks";
import type { VerificationClient } from "../../../verification/verification-client";
import type { PublicCertificate } from "../../../schema/certificate";

/** How a visitor looks a certificate up on the public pages. */
export type VerificationMode = "certificateNo" | "file" | "digest";

export interface VerificationQuery {
  mode: VerificationMode;
  certificateNo?: string;
  /** Digests of the visitor's file (hashed in the browser) or the digest typed in. */
  file?: FileDigests;
  /** Checks of the file's own content (a web capture's or a recording's package), computed in the browser too. */
  fileChecks?: FileContentChecks;
  fileName?: string;
}

export type VerificationAnswer = { ok: true; certificates: PublicCertificate[] } | { ok: false; message: string };

/** Runs the lookup; all checking happens afterwards in the browser (CertificateResult). */
export async function lookUpCertificates(client: VerificationClient, query: VerificationQuery): Promise<VerificationAnswer> {
  if (query.mode === "certificateNo") {
    const envelope = await client.byCertificateNo(query.certificateNo ?? "");
    return envelope.code === 200 ? { ok: true, certificates: [envelope.datas] } : { ok: false, message: envelope.message };
  }
  const envelope = await client.byDigest(query.file?.sha256 ?? "");
  return envelope.code === 200 ? { ok: true, certificates: envelope.datas } : { ok: false, message: envelope.message };
}
