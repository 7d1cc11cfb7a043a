import { createHash } from "node:crypto";
import { maskDisplayName } from "../../../src/schema/certificate.js";
import { normaliseCertificateNo } from "../../../src/schema/certificate-no.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { NOTARIAL_CERTIFICATE_NO_PATTERN, NOTARIAL_CERTIFICATE_NO_PREFIX, NOTARIAL_QUERY_MESSAGES, type NotarialCertificatePublic } from "../../../src/schema/notarial-certificate.js";
import { parseNotarizationEntry } from "../../../src/schema/notarization-entry.js";
import { verifyEvidenceBundle } from "../../../isomorphic/ledger/verify-bundle.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { BusinessError } from "../../http/envelope.js";
import { nodeLedgerCrypto } from "../../ledger/node-crypto.js";
import type { LedgerPort } from "../ledger/ledger.types.js";
import type { NotaryOfficeRepository } from "../notary/notary-office.repository.js";
import type { NotarialCertificates } from "./notarial-certificates.js";
import type { NotarizationRepository } from "./notarization.repository.js";

export type NotarialCertificateQueryDependencies = {
  repository: NotarizationRepository;
  offices: NotaryOfficeRepository;
  blobs: BlobStore;
  ledger: Pick<LedgerPort, "entry" | "proofBundle" | "verifierKey">;
  certificates: Pick<NotarialCertificates, "isSealValid">;
};

/**
 * The public query of a notarial certificate by its number (/info/notaryCertificate): who issued it
 * and when, the applicant masked, how much evidence, and the server's verdict, each check made on
 * what is stored now: the stored PDF's SHA-256 recomputed against the digest on the issue's ledger
 * entry, that entry's inclusion in the latest signed checkpoint, and the PDF's seal signature.
 */
export class NotarialCertificateQuery {
  constructor(private readonly deps: NotarialCertificateQueryDependencies) {}

  async query(input: string): Promise<NotarialCertificatePublic> {
    const certificateNo = normaliseCertificateNo(input, NOTARIAL_CERTIFICATE_NO_PREFIX);
    if (!NOTARIAL_CERTIFICATE_NO_PATTERN.test(certificateNo)) {
      throw new BusinessError(ResultCode.validationFailed, NOTARIAL_QUERY_MESSAGES.invalid, { errors: { certificateNo: NOTARIAL_QUERY_MESSAGES.invalid } });
    }
    const certificate = await this.deps.repository.certificateByNo(certificateNo);
    if (!certificate) throw new BusinessError(ResultCode.notFound, NOTARIAL_QUERY_MESSAGES.notFound);
    const [application, office, evidence, events, pdf] = await Promise.all([
      this.deps.repository.findApplication(certificate.application_id),
      this.deps.offices.findById(certificate.office_id),
      this.deps.repository.evidenceOf(certificate.application_id),
      this.deps.repository.eventsOf(certificate.application_id),
      this.deps.blobs.read(certificate.pdf_blob),
    ]);
    const issue = events.find((event) => event.action === "issue")!;
    const ledgerIndex = issue.ledger_index === null ? null : Number(issue.ledger_index);
    const logged = ledgerIndex === null ? null : await this.deps.ledger.entry(ledgerIndex);
    // Until it is appended, the entry is the text written with the issue (the same bytes the ledger will hold).
    const entryText = logged ? Buffer.from(logged).toString("utf8") : issue.entry;
    const proofBundle = ledgerIndex === null ? null : await this.deps.ledger.proofBundle(ledgerIndex);
    const digest = pdf ? createHash("sha256").update(pdf).digest("hex") : null;
    return {
      certificateNo,
      officeName: office!.name,
      issueTime: Number(certificate.issued_at),
      applicantName: maskDisplayName(application!.applicant_name ?? ""),
      evidenceCount: evidence.length,
      sha256: certificate.sha256,
      ledgerIndex,
      verdict: {
        digestMatches: digest !== null && parseNotarizationEntry(entryText)?.certificate?.sha256 === digest,
        onLedger: logged !== null && entryText === issue.entry && proofBundle !== null && verifyEvidenceBundle({ entryBytes: entryText, bundle: proofBundle, verifierKeys: [this.deps.ledger.verifierKey] }, nodeLedgerCrypto).ok,
        sealValid: pdf !== null && (await this.deps.certificates.isSealValid(pdf, certificate.seal_fingerprint)),
      },
      entry: logged ? entryText : null,
      proofBundle,
    };
  }
}
