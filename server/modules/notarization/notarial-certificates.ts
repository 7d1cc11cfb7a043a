import { randomBytes } from "node:crypto";
import { generateCertificateNo } from "../../../src/schema/certificate-no.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { EVIDENCE_KIND_LABELS } from "../../../src/schema/evidence.js";
import type { EvidenceKind } from "../../../src/schema/evidence-entry.js";
import { formatArticleDate } from "../../../src/schema/format.js";
import { NOTARIAL_CERTIFICATE_NO_PREFIX, NOTARIAL_CERTIFICATE_PATH, NOTARIAL_CERTIFICATE_QUERY } from "../../../src/schema/notarial-certificate.js";
import { NOTARIZATION_PURPOSE_LABELS, type NotarizationPurpose } from "../../../src/schema/notarization.js";
import { fillTemplate, NOTARY_CONSOLE_MESSAGES } from "../../../src/schema/notary-console.js";
import { SEAL_CERTIFICATE_DAYS } from "../../../src/schema/seal.js";
import { BusinessError } from "../../http/envelope.js";
import type { SignatureTimestamper } from "../../seal/cades-signer.js";
import { sealPdfDocument } from "../../seal/pdf-sealer.js";
import { isSealIntact } from "../../seal/pdf-signature-check.js";
import type { SealCa } from "../../seal/seal-ca.js";
import { issueSealedKey, openSealSigner } from "../../seal/seal-signer.js";
import type { NotarialCertificatePdfRenderer } from "../certificate/certificate-pdf-pool.js";
import type { NotaryOfficeRow } from "../notary/notary-office.repository.js";
import type { SecretBox } from "../security/secret-box.js";
import type { ApplicationRow, CoveredEvidenceRow } from "./notarization.repository.js";

export type NotarialCertificatesDependencies = {
  pdfs: NotarialCertificatePdfRenderer;
  ca: SealCa;
  secrets: SecretBox;
  timestamper: SignatureTimestamper | null;
  /** The site's public address, for the QR code (no trailing slash). */
  publicBaseUrl: string;
  now: () => number;
};

/** What the certificate is made of: the application, its office, its evidence and the notary who issues it. */
export type CertificateSubject = { application: ApplicationRow; office: NotaryOfficeRow; evidence: readonly CoveredEvidenceRow[]; notaryName: string };

/** The office seal's certificate and sealed key, as notary_offices keeps them. */
export type OfficeSeal = Pick<NotaryOfficeRow, "seal_certificate_pem" | "seal_private_key" | "seal_serial" | "seal_not_before" | "seal_not_after" | "seal_fingerprint">;

/** The appearance's lower line (seal-image.ts draws the office's name around it). */
const SEAL_BOTTOM_TEXT = "公证专用章";
const keyContext = (officeId: number, serial: string) => `notary-office-seal:${officeId}:${serial}`;

/**
 * The notarial certificate (issue 17): drawn on the certificate threads from the office's
 * template, then sealed with the office's seal through the electronic-seal work of issue 16 (the
 * platform seal CA issues the office's certificate; its key rests in the seal secret box); and the
 * public check of a stored certificate's seal.
 */
export class NotarialCertificates {
  constructor(private readonly deps: NotarialCertificatesDependencies) {}

  newNumber(): string {
    return generateCertificateNo((length) => randomBytes(length), NOTARIAL_CERTIFICATE_NO_PREFIX);
  }

  queryUrl(certificateNo: string): string {
    return `${this.deps.publicBaseUrl}${NOTARIAL_CERTIFICATE_PATH}?${NOTARIAL_CERTIFICATE_QUERY}=${encodeURIComponent(certificateNo)}`;
  }

  /** The PDF before its seal; `certificateNo` null draws the preview (no number, no QR code, marked 预览). */
  draw(subject: CertificateSubject, certificateNo: string | null, issuedAt: number): Promise<Buffer> {
    const { application, office, evidence, notaryName } = subject;
    const purpose = NOTARIZATION_PURPOSE_LABELS[application.purpose as NotarizationPurpose];
    const values = {
      申请人: application.applicant_name ?? "",
      证件号码: application.applicant_id_number ?? "",
      公证用途: application.use_description ? `${purpose}（${application.use_description}）` : purpose,
      证据数量: String(evidence.length),
      申请日期: formatArticleDate(Number(application.submitted_at ?? application.created_at)),
      出证日期: formatArticleDate(issuedAt),
      公证处: office.name,
      公证员: notaryName,
    };
    return this.deps.pdfs.renderNotarialCertificate({
      certificateNo,
      title: office.template_title,
      body: fillTemplate(office.template_body, values),
      footer: fillTemplate(office.template_footer, values),
      evidence: evidence.map((row) => ({ kindLabel: EVIDENCE_KIND_LABELS[row.kind as EvidenceKind], name: row.name, certificateNo: row.certificate_no, sha256: row.sha256, ledgerIndex: row.ledger_index === null ? null : Number(row.ledger_index) })),
      queryUrl: certificateNo ? this.queryUrl(certificateNo) : null,
      officeName: office.name,
      issuedAt,
    });
  }

  /** Refused (sealNotReady) when the office has no seal, or its certificate has run out. */
  assertSealReady(office: OfficeSeal): void {
    if (!office.seal_certificate_pem || !office.seal_private_key || Number(office.seal_not_after) <= this.deps.now()) {
      throw new BusinessError(ResultCode.validationFailed, NOTARY_CONSOLE_MESSAGES.sealNotReady);
    }
  }

  /** The office's seal stamped on the last page and the whole file signed (PAdES). */
  async seal(pdf: Buffer, office: NotaryOfficeRow, signingTime: number): Promise<Buffer> {
    this.assertSealReady(office);
    const signer = await openSealSigner({ sealedKey: office.seal_private_key!, context: keyContext(office.id, office.seal_serial!), certificatePem: office.seal_certificate_pem! }, this.deps);
    const sealed = await sealPdfDocument(pdf, {
      appearance: { kind: "generated", organisation: office.name, bottomText: SEAL_BOTTOM_TEXT },
      signer,
      page: null,
      signingTime: new Date(signingTime),
      signerName: office.name,
      reason: "出具公证书",
      location: office.name,
      contactInfo: office.phone,
    });
    return sealed.pdf;
  }

  /** A new key pair and certificate for the office from the platform seal CA (first issue or renewal), its key sealed. */
  async issueSeal(office: Pick<NotaryOfficeRow, "id" | "name">): Promise<OfficeSeal> {
    const { certificatePem, sealedKey, facts } = await issueSealedKey(this.deps, office.name, { now: this.deps.now(), days: SEAL_CERTIFICATE_DAYS, contextOf: (serial) => keyContext(office.id, serial) });
    return {
      seal_certificate_pem: certificatePem,
      seal_private_key: sealedKey,
      seal_serial: facts.serialNumber,
      seal_not_before: facts.notBefore,
      seal_not_after: facts.notAfter,
      seal_fingerprint: facts.fingerprint,
    };
  }

  /** Whether a stored certificate's seal signature validates, made by the office certificate recorded at issue. */
  isSealValid(pdf: Buffer, signerFingerprint: string): Promise<boolean> {
    return isSealIntact(pdf, { signerFingerprint, caCertificatePem: this.deps.ca.certificatePem });
  }
}
