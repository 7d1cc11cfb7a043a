import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { maskDisplayName } from "../../../src/schema/certificate.js";
import { normaliseCertificateNo } from "../../../src/schema/certificate-no.js";
import { webapiPath } from "../../../src/schema/contract.js";
import { formatDateTime, formatFileSize } from "../../../src/schema/format.js";
import {
  LAWSUIT_PACKAGE_ATTEMPTS_PER_HOUR,
  LAWSUIT_PACKAGE_ENDPOINTS,
  LAWSUIT_PACKAGE_LINK_TTL_MS,
  LAWSUIT_PACKAGE_MESSAGES,
  LawSuitPackageCode,
  type LawSuitPackage,
  type LawSuitPackageForm,
} from "../../../src/schema/lawsuit-package.js";
import type { BlobStore } from "../../blobs/blob-store.js";
import { buildScratchFile, removeStaleFiles } from "../../blobs/scratch-build.js";
import { BusinessError } from "../../http/envelope.js";
import type { CertificateService } from "../certificate/certificate.service.js";
import type { DigitalReportServices } from "../digital-report/digital-report.module.js";
import type { EvidenceLibraryPorts } from "../evidence-library/evidence-library.ports.js";
import { writeEvidencePackage } from "../evidence-library/package-writer.js";
import type { EvidencePort, EvidenceRecord } from "../evidence/evidence.types.js";
import type { IdentityService } from "../personal/identity.service.js";
import type { CaptchaService } from "../security/captcha.service.js";
import { extraFiles, packageContentHtml, packageFiles } from "./package-contents.js";
import type { LawsuitPackageRepository } from "./lawsuit-package.repository.js";
import { renderPlatformDocumentPdf, type PlatformDocument } from "./platform-document-pdf.js";

const HOUR_MS = 60 * 60_000;

export interface LawsuitPackageDependencies {
  repository: LawsuitPackageRepository;
  captchas: Pick<CaptchaService, "verify">;
  /** The evidence package's parts (the evidence library's writer reads through them) and the lookup by number. */
  library: EvidenceLibraryPorts & { evidence: Pick<EvidencePort, "findByCertificateNo"> };
  certificates: Pick<CertificateService, "verifyByCertificateNo">;
  identity: Pick<IdentityService, "holderIdentityMatches">;
  checks: DigitalReportServices["checks"];
  filingGuide: PlatformDocument;
  /** Where the packages wait for their download: scratch files named by the ticket's hash. */
  blobs: BlobStore;
  /** Where this process writes a package before the blob store takes it. */
  workDir: string;
  now: () => number;
  log: FastifyBaseLogger;
}

/** Who asks: the address (for the hourly limit) and the captcha cookie. */
export interface PackageRequester {
  address: string;
  captchaId: string | undefined;
}

/**
 * The litigation package (诉讼包, HLSUITPACKAGE). The checks run in the order that tells an asker
 * least: the hourly limit of the address, the image captcha (used up by any attempt), then the
 * certificate and its holder's verified ID number together, refused with one message whichever
 * fails. A passed check builds the package under a random ticket whose SHA-256 alone is kept; the
 * ID number and the captcha answer are never stored or logged. The package waits in the blob
 * store, so any process serves its download.
 */
export class LawsuitPackageService {
  constructor(private readonly deps: LawsuitPackageDependencies) {}

  async create(form: LawSuitPackageForm, requester: PackageRequester): Promise<LawSuitPackage> {
    const now = this.deps.now();
    const attempt = await this.deps.repository.countAttempt(addressHash(requester.address), now, now - HOUR_MS);
    if (attempt.count > LAWSUIT_PACKAGE_ATTEMPTS_PER_HOUR) throw new BusinessError(LawSuitPackageCode.rateLimited, LAWSUIT_PACKAGE_MESSAGES.rateLimited);
    if (!(await this.deps.captchas.verify(requester.captchaId, form.verifyCode))) {
      const message = LAWSUIT_PACKAGE_MESSAGES.captchaInvalid;
      throw new BusinessError(LawSuitPackageCode.captchaInvalid, message, { errors: { verifyCode: message } });
    }
    const record = await this.holdersRecord(form.certificateNo, form.idCardNo);
    await this.deps.repository.markPassed(attempt.id);
    return this.build(record);
  }

  /** The package behind a live ticket; an unknown or expired one (whose package goes at once) is refused. */
  async open(ticket: string): Promise<{ stream: Readable; fileName: string; size: number }> {
    const hash = ticketHash(ticket);
    const row = await this.deps.repository.findTicket(hash);
    const expired = () => new BusinessError(LawSuitPackageCode.downloadExpired, LAWSUIT_PACKAGE_MESSAGES.downloadExpired);
    if (!row) throw expired();
    if (Number(row.expires_at) <= this.deps.now()) {
      await this.remove(hash);
      throw expired();
    }
    const zip = await this.deps.blobs.openScratch(scratchNameOf(hash));
    if (!zip) throw expired();
    return { stream: zip.stream, fileName: row.file_name, size: zip.size };
  }

  /**
   * Removes expired tickets with their packages, the work folder's files of runs that died, and
   * attempts older than the limit's hour. Safe with other processes sweeping at once: every
   * deletion is idempotent.
   */
  async sweep(): Promise<void> {
    const now = this.deps.now();
    for (const hash of await this.deps.repository.expiredTickets(now)) await this.remove(hash);
    await removeStaleFiles(this.deps.workDir, HOUR_MS);
    await this.deps.repository.deleteAttemptsBefore(now - HOUR_MS);
  }

  /** The stored, ledgered record of the number whose holder's verified ID number is `idNumber`; one refusal for every other case. */
  private async holdersRecord(certificateNo: string, idNumber: string): Promise<EvidenceRecord> {
    const record = await this.deps.library.evidence.findByCertificateNo(normaliseCertificateNo(certificateNo));
    const usable = record && record.status === "stored" && record.ledgerIndex !== null && record.deletedAt === null;
    // Whether a number exists is public (the verification page); whose ID it takes is not.
    if (!usable || !(await this.deps.identity.holderIdentityMatches(record.holderUserId, idNumber))) throw new BusinessError(LawSuitPackageCode.notHolder, LAWSUIT_PACKAGE_MESSAGES.notHolder);
    return record;
  }

  private async build(record: EvidenceRecord): Promise<LawSuitPackage> {
    const { certificateNo } = record;
    const createdAt = this.deps.now();
    const ticket = randomBytes(32).toString("base64url");
    const hash = ticketHash(ticket);
    const [checks, filingGuide, verification] = await Promise.all([
      this.deps.checks.inspectAndRender([record], { reportNo: `诉讼包-${certificateNo}`, name: `${certificateNo} 诉讼包数据检验`, applicant: maskDisplayName(record.holderName), purpose: "随诉讼包提交" }),
      renderPlatformDocumentPdf(this.deps.filingGuide, createdAt),
      this.deps.certificates.verifyByCertificateNo(certificateNo),
    ]);
    // The ticket first: a process dying from here on leaves a row that expires, and its sweep
    // deletes whatever package there is, so nothing in the store is ever left without a row.
    const fileName = `诉讼包-${certificateNo}.zip`;
    await this.deps.repository.insertTicket({ ticket_hash: hash, certificate_no: certificateNo, file_name: fileName, bytes: 0, created_at: createdAt, expires_at: createdAt + LAWSUIT_PACKAGE_LINK_TTL_MS });
    try {
      const extras = extraFiles(certificateNo, { checksReport: checks.pdf, filingGuide: { title: this.deps.filingGuide.title, pdf: filingGuide }, verification });
      const { result: entries, size: bytes } = await buildScratchFile(this.deps.blobs, this.deps.workDir, scratchNameOf(hash), (file) =>
        writeEvidencePackage(file, [record], this.deps.library, { createdAt, extraFiles: extras }),
      );
      await this.deps.repository.setTicketBytes(hash, bytes);
      const files = packageFiles(entries, extras);
      return {
        filePath: `${webapiPath(LAWSUIT_PACKAGE_ENDPOINTS.downloadLawSuitPackage)}?${new URLSearchParams({ ticket })}`,
        title: `${certificateNo} 诉讼包`,
        updateTime: formatDateTime(createdAt),
        fileSize: formatFileSize(bytes),
        fileNum: files.length,
        fileFormat: "zip",
        content: packageContentHtml(certificateNo, files),
        files,
      };
    } catch (error) {
      await this.remove(hash);
      throw error;
    }
  }

  /** The package before its ticket, so a ticket that is gone never leaves its package behind. */
  private async remove(hash: string): Promise<void> {
    await this.deps.blobs.deleteScratch(scratchNameOf(hash));
    await this.deps.repository.deleteTicket(hash);
  }
}

/** The package's scratch file in the blob store, named by the ticket's hash (never the ticket). */
const scratchNameOf = (hash: string) => `lawsuit-package-${hash}.zip`;

function ticketHash(ticket: string): string {
  return createHash("sha256").update(ticket, "utf8").digest("hex");
}

/** Addresses are kept only as this digest, for the hourly count. */
function addressHash(address: string): string {
  return createHash("sha256").update(`lawsuit-package\n${address}`, "utf8").digest("hex");
}
